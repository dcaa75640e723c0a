import type { FragmentView, Scores } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { samplePage } from '../../../test/sample-topic';
import { buildReport, percentOf } from './report';

function field(id: string, name: string, question = ''): FragmentView {
  return {
    _id: `fragment-${id}`,
    type: 'field',
    field: { _id: id, name, question, type: 'string', isScored: true, scoreWeight: 1 },
  };
}

const pages = [
  samplePage('intro', { name: 'Introduction' }),
  samplePage('quiz', {
    name: 'Quiz',
    hasScoredFields: true,
    fragments: [field('q2', 'Second', '<p>Why?</p>'), field('q1', 'First')],
  }),
  samplePage('more', { name: 'More', hasScoredFields: true, fragments: [field('m1', 'Extra')] }),
];

const scores: Scores = {
  score: 3,
  total: 4,
  summary: {
    more: [{ fieldId: 'm1', isCorrect: false, scoreWeight: 1 }],
    quiz: [
      { fieldId: 'q1', isCorrect: true, scoreWeight: 1 },
      { fieldId: 'q2', isCorrect: true, scoreWeight: 2 },
    ],
  },
};

describe('buildReport', () => {
  it('lists pages in the topic order and fields in the page order, named from the topic', () => {
    const report = buildReport(pages, scores);
    expect(report.sections.map((s) => [s.pageName, s.score, s.total])).toEqual([
      ['Quiz', 3, 3],
      ['More', 0, 1],
    ]);
    expect(report.sections[0]!.rows).toEqual([
      { fieldId: 'q2', name: 'Second', question: '<p>Why?</p>', result: 'correct', scoreWeight: 2 },
      { fieldId: 'q1', name: 'First', question: '', result: 'correct', scoreWeight: 1 },
    ]);
    expect(report).toMatchObject({ score: 3, total: 4, percent: 75, unanswered: 0 });
  });

  it('tells a field left empty from a wrong answer, and counts those left', () => {
    const report = buildReport(pages, {
      score: 1,
      total: 4,
      summary: {
        more: [{ fieldId: 'm1', isCorrect: false, scoreWeight: 1, isAnswered: false }],
        quiz: [
          { fieldId: 'q1', isCorrect: true, scoreWeight: 1 },
          { fieldId: 'q2', isCorrect: false, scoreWeight: 2 },
        ],
      },
    });
    expect(report.sections.map((s) => s.rows.map((r) => r.result))).toEqual([
      ['incorrect', 'correct'],
      ['unanswered'],
    ]);
    expect(report.sections.map((s) => s.unanswered)).toEqual([0, 1]);
    // The total stays every scored field's weight (docs/design.md §6).
    expect(report).toMatchObject({ score: 1, total: 4, percent: 25, unanswered: 1 });
  });

  it('keeps a page or field the topic no longer lists, named by its id, at the end', () => {
    const report = buildReport(pages, {
      score: 0,
      total: 1,
      summary: { gone: [{ fieldId: 'x', isCorrect: false, scoreWeight: 1 }], quiz: [] },
    });
    expect(report.sections).toHaveLength(1);
    expect(report.sections[0]).toMatchObject({ pageId: 'gone', pageName: 'gone' });
    expect(report.sections[0]!.rows[0]).toMatchObject({ name: 'x', question: '' });
  });
});

describe('percentOf', () => {
  it('rounds to a whole percentage and is 0 when nothing is scored', () => {
    expect(percentOf(5, 7)).toBe(71);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(7, 7)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
