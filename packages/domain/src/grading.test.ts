import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradeWorksheet, isCorrectAnswer } from './grade-answers';
import { isScoredField, scoreOf } from './grading';

describe('isCorrectAnswer (docs/design.md §6)', () => {
  it('compares numbers within the tolerance', () => {
    const field = { type: 'number' as const, correctValue: 25, tolerance: 0.5 };
    expect(isCorrectAnswer(field, 25.5)).toBe(true);
    expect(isCorrectAnswer(field, '24.6')).toBe(true);
    expect(isCorrectAnswer(field, '24,6')).toBe(true);
    expect(isCorrectAnswer(field, 25.51)).toBe(false);
    expect(isCorrectAnswer({ type: 'slider', correctValue: 7 }, 7)).toBe(true);
    expect(isCorrectAnswer(field, 'abc')).toBe(false);
  });
  it('accepts any of a list of values', () => {
    const field = {
      type: 'string' as const,
      correctValue: ['zero-based budgeting', 'budget base zéro'],
    };
    expect(isCorrectAnswer(field, '  Zero-Based   Budgeting ')).toBe(true);
    expect(isCorrectAnswer(field, 'Budget base zéro')).toBe(true);
    expect(isCorrectAnswer(field, 'envelope')).toBe(false);
  });
  it('compares booleans exactly', () => {
    expect(isCorrectAnswer({ type: 'boolean', correctValue: false }, false)).toBe(true);
    expect(isCorrectAnswer({ type: 'boolean', correctValue: false }, 'false')).toBe(true);
    expect(isCorrectAnswer({ type: 'boolean', correctValue: false }, true)).toBe(false);
  });
  it('compares select and radio by value', () => {
    expect(isCorrectAnswer({ type: 'select', correctValue: 'rent' }, 'rent')).toBe(true);
    expect(isCorrectAnswer({ type: 'radio', correctValue: 'rent' }, 'Rent')).toBe(false);
  });
  it('marks an unanswered field and unscorable types wrong', () => {
    expect(isCorrectAnswer({ type: 'number', correctValue: 0 }, undefined)).toBe(false);
    expect(isCorrectAnswer({ type: 'number', correctValue: 0 }, '')).toBe(false);
    expect(isCorrectAnswer({ type: 'table', correctValue: 'x' }, 'x')).toBe(false);
  });
});

describe('gradeWorksheet', () => {
  const pages = [
    {
      _id: 'p1',
      fields: [
        { _id: 'q1', type: 'radio' as const, scoreWeight: 1, correctValue: 'a' },
        { _id: 'q2', type: 'number' as const, scoreWeight: 2, correctValue: 10 },
        { _id: 'free', type: 'string' as const },
      ],
    },
    {
      _id: 'p2',
      fields: [{ _id: 'q3', type: 'boolean' as const, scoreWeight: 3, correctValue: true }],
    },
    { _id: 'p3', fields: [{ _id: 'unscored', type: 'number' as const, scoreWeight: 0 }] },
  ];
  it('sums the weights of correct fields, by page', () => {
    const scores = gradeWorksheet(pages, { q1: 'a', q2: 9, q3: true });
    expect(scores).toEqual({
      score: 4,
      total: 6,
      summary: {
        p1: [
          { fieldId: 'q1', isCorrect: true, scoreWeight: 1 },
          { fieldId: 'q2', isCorrect: false, scoreWeight: 2 },
        ],
        p2: [{ fieldId: 'q3', isCorrect: true, scoreWeight: 3 }],
      },
    });
    expect(scoreOf(scores, 'topic', 'score')).toBe(4);
    expect(scoreOf(scores, 'topic', 'max')).toBe(6);
    expect(scoreOf(scores, 'p1', 'score')).toBe(1);
    expect(scoreOf(scores, 'p1', 'max')).toBe(3);
    expect(scoreOf(scores, 'q3', 'score')).toBe(3);
    expect(scoreOf(scores, 'nope', 'score')).toBeUndefined();
    expect(isScoredField({ scoreWeight: 1 })).toBe(false);
  });
  it('marks a field without an answer as not answered; it still counts in the total', () => {
    const scores = gradeWorksheet(pages, { q1: '  ', q2: 10 });
    expect(scores).toEqual({
      score: 2,
      total: 6,
      summary: {
        p1: [
          { fieldId: 'q1', isCorrect: false, scoreWeight: 1, isAnswered: false },
          { fieldId: 'q2', isCorrect: true, scoreWeight: 2 },
        ],
        p2: [{ fieldId: 'q3', isCorrect: false, scoreWeight: 3, isAnswered: false }],
      },
    });
    // A wrong answer is an answer.
    expect(gradeWorksheet(pages, { q3: false }).summary.p2).toEqual([
      { fieldId: 'q3', isCorrect: false, scoreWeight: 3 },
    ]);
  });
  it('keeps 0 ≤ score ≤ total, and all-correct answers score the total (property)', () => {
    const field = fc.record({
      _id: fc.uuid(),
      type: fc.constantFrom('number' as const, 'boolean' as const, 'radio' as const),
      scoreWeight: fc.integer({ min: 0, max: 10 }),
      correctValue: fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom('a', 'b')),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ _id: fc.uuid(), fields: fc.array(field, { maxLength: 6 }) }), {
          maxLength: 5,
        }),
        fc.dictionary(fc.uuid(), fc.anything()),
        (ps, answers) => {
          const scores = gradeWorksheet(ps, answers);
          expect(scores.score).toBeGreaterThanOrEqual(0);
          expect(scores.score).toBeLessThanOrEqual(scores.total);
          const right = Object.fromEntries(
            ps.flatMap((p) => p.fields.map((f) => [f._id, f.correctValue])),
          );
          const consistent = ps.every((p) =>
            p.fields.every(
              (f) =>
                (f.type === 'number') === (typeof f.correctValue === 'number') &&
                (f.type === 'boolean') === (typeof f.correctValue === 'boolean'),
            ),
          );
          if (
            consistent &&
            new Set(Object.keys(right)).size === ps.reduce((n, p) => n + p.fields.length, 0)
          )
            expect(gradeWorksheet(ps, right).score).toBe(scores.total);
        },
      ),
    );
  });
});
