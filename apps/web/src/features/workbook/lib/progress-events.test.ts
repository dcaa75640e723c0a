import { describe, expect, it } from 'vitest';
import { completionEvents } from './progress-events';

const topic = {
  pages: [
    { _id: 'p1' },
    { _id: 'p2' },
    { _id: 'hidden', showCondition: { enabled: true, formula: { body: '0' } } },
  ],
} as never;
const isShown = (item: { showCondition?: { enabled: boolean } }) => !item.showCondition?.enabled;

describe('completionEvents', () => {
  it('sends PAGE_COMPLETED the first time a page is completed only', () => {
    expect(completionEvents('t', topic, new Set(), 'p1', isShown)).toEqual([
      ['PAGE_COMPLETED', { topicId: 't', pageId: 'p1' }],
    ]);
    expect(completionEvents('t', topic, new Set(['p1']), 'p1', isShown)).toEqual([]);
  });

  it('adds TOPIC_COMPLETED with the last page the learner can see', () => {
    expect(completionEvents('t', topic, new Set(['p1']), 'p2', isShown)).toEqual([
      ['PAGE_COMPLETED', { topicId: 't', pageId: 'p2' }],
      ['TOPIC_COMPLETED', { topicId: 't' }],
    ]);
  });
});
