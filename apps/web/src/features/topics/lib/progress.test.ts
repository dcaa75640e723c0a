import { describe, expect, it } from 'vitest';
import { positionOf, progressOf, resumeTarget } from './progress';

const pages = ['a', 'b', 'c', 'd'];

describe('topic progress', () => {
  it('counts the completed pages among those shown, rounded down', () => {
    expect(progressOf(pages, new Set())).toEqual({ done: 0, total: 4, percent: 0 });
    expect(progressOf(pages, new Set(['b', 'gone']))).toEqual({ done: 1, total: 4, percent: 25 });
    expect(progressOf(['a', 'b', 'c'], new Set(['a', 'b']))).toMatchObject({ percent: 66 });
    expect(progressOf([], new Set(['a']))).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('starts, resumes at the last page visited or the first incomplete, or reviews', () => {
    expect(resumeTarget(pages, new Set())).toEqual({ kind: 'start', pageId: 'a' });
    expect(resumeTarget(pages, new Set(), 'c')).toEqual({ kind: 'resume', pageId: 'c' });
    expect(resumeTarget(pages, new Set(['a', 'b']))).toEqual({ kind: 'resume', pageId: 'c' });
    expect(resumeTarget(pages, new Set(['a']), 'elsewhere')).toEqual({
      kind: 'resume',
      pageId: 'b',
    });
    expect(resumeTarget(pages, new Set(pages), 'c')).toEqual({ kind: 'review', pageId: 'a' });
    expect(resumeTarget([], new Set())).toBeNull();
  });

  it('says where a page is in the sequence', () => {
    expect(positionOf(pages, 'b')).toEqual({ index: 2, count: 4 });
    expect(positionOf(pages, 'home')).toBeNull();
  });
});
