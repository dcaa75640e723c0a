import { describe, expect, it } from 'vitest';
import {
  nextPage,
  OTHER_TOPICS,
  pageSequence,
  previousPage,
  REPORT_CARD,
  TOPIC_HOME,
} from './page-order';

const withCard = { pageIds: ['p1', 'p2', 'p3'], hasReportCard: true };
const without = { pageIds: ['p1', 'p2'], hasReportCard: false };

describe('page order (docs/product-spec.md §4)', () => {
  it('walks home, the pages, the report card, then other topics', () => {
    expect(pageSequence(withCard)).toEqual([
      TOPIC_HOME,
      'p1',
      'p2',
      'p3',
      REPORT_CARD,
      OTHER_TOPICS,
    ]);
    const visited = [TOPIC_HOME];
    for (let next = nextPage(withCard, TOPIC_HOME); next; next = nextPage(withCard, next))
      visited.push(next);
    expect(visited).toEqual([TOPIC_HOME, 'p1', 'p2', 'p3', REPORT_CARD, OTHER_TOPICS]);
  });
  it('goes from the last page to other topics without a report card', () => {
    expect(nextPage(without, 'p2')).toBe(OTHER_TOPICS);
    expect(nextPage(without, OTHER_TOPICS)).toBeNull();
  });
  it('goes back from other topics to the report card or the last page', () => {
    expect(previousPage(withCard, OTHER_TOPICS)).toBe(REPORT_CARD);
    expect(previousPage(withCard, REPORT_CARD)).toBe('p3');
    expect(previousPage(without, OTHER_TOPICS)).toBe('p2');
    expect(previousPage(withCard, 'p2')).toBe('p1');
  });
  it('has nothing before the first page or home', () => {
    expect(previousPage(withCard, 'p1')).toBeNull();
    expect(previousPage(withCard, TOPIC_HOME)).toBeNull();
  });
  it('handles a topic with no pages and an unknown page', () => {
    const empty = { pageIds: [], hasReportCard: false };
    expect(nextPage(empty, TOPIC_HOME)).toBe(OTHER_TOPICS);
    expect(previousPage(empty, OTHER_TOPICS)).toBeNull();
    expect(nextPage(withCard, 'missing')).toBe('p1');
  });
});
