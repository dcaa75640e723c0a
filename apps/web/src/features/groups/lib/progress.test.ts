import { describe, expect, it } from 'vitest';
import { percent, worksheetsOf } from './progress';

const member = {
  account: {
    _id: 'u1',
    username: 'ann',
    email: 'ann@example.com',
    name: { first: 'Ann', last: 'Lee', full: 'Ann Lee' },
  },
  joinedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  progress: [
    { topicId: 'a', worksheetIndex: 0, completedPages: 1, pages: 2, score: 1, total: 3 },
    { topicId: 'a', worksheetIndex: 1, completedPages: 2, pages: 2, score: 3, total: 3 },
  ],
};

describe('group progress helpers', () => {
  it('lists a topic’s worksheets, or one empty worksheet for a topic never saved', () => {
    expect(worksheetsOf(member, { _id: 'a', name: 'A', pages: 2, total: 3 })).toHaveLength(2);
    expect(worksheetsOf(member, { _id: 'b', name: 'B', pages: 4, total: 5 })).toEqual([
      { topicId: 'b', worksheetIndex: 0, completedPages: 0, pages: 4, score: 0, total: 5 },
    ]);
  });

  it('rounds shares and keeps them from 0 to 100', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 4)).toBe(100);
    expect(percent(0, 0)).toBe(0);
  });
});
