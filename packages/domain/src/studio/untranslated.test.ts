import { describe, expect, it } from 'vitest';
import type { Topic } from '../content-pack';
import { untranslatedCount } from './untranslated';

const topic = (over: Partial<Topic>): Topic =>
  ({
    _id: 't',
    name: 'Plain',
    visibility: 'Public',
    allowMultiWorksheets: false,
    showGradeReport: false,
    pages: [],
    ...over,
  }) as Topic;

describe('untranslatedCount', () => {
  it('counts each locale a localised text lacks or leaves blank; plain strings are whole', () => {
    expect(untranslatedCount(topic({}), ['en-US', 'fr-CA'])).toBe(0);
    expect(untranslatedCount(topic({ name: { 'en-US': 'Budget' } }), ['en-US', 'fr-CA'])).toBe(1);
    const page = {
      _id: 'p',
      name: { 'en-US': 'Page', 'fr-CA': ' ' },
      visibility: 'Public',
      fragments: [{ _id: 'f', type: 'content', content: { 'en-US': '', 'fr-CA': '<p>x</p>' } }],
    };
    expect(
      untranslatedCount(topic({ pages: [page] as unknown as Topic['pages'] }), ['en-US', 'fr-CA']),
    ).toBe(2);
    expect(untranslatedCount(topic({ name: { 'en-US': 'Budget' } }), ['en-US'])).toBe(0);
  });
});
