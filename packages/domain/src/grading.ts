import type { Scores } from './api/scores';
import type { Field } from './content-pack';

/** Scores of one topic and worksheet; the schema is `scoresSchema` in api/scores.ts. */
export type { Scores } from './api/scores';

/** Scores with nothing yet; `summary` has no prototype, as page ids may be any string. */
export const emptyScores = (): Scores => ({
  score: 0,
  total: 0,
  summary: Object.create(null) as Scores['summary'],
});

/** A field counts on the report card when it has a weight above 0 and a correct value (docs/design.md §6). */
export function isScoredField(field: Pick<Field, 'scoreWeight' | 'correctValue'>): boolean {
  return (field.scoreWeight ?? 0) > 0 && field.correctValue !== undefined;
}

/** Whether a field has an answer: not empty, not only spaces; a table with at least one cell filled. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value))
    return value.some((row) =>
      Array.isArray(row) ? row.some((c) => isAnswered(c)) : isAnswered(row),
    );
  return true;
}

/** Attained and maximum score of a field, a page or the whole topic ("topic"), for formulas. */
export function scoreOf(scores: Scores, id: string, use: 'score' | 'max'): number | undefined {
  const sum = (rows: Scores['summary'][string]) =>
    rows.reduce((s, r) => s + (use === 'max' || r.isCorrect ? r.scoreWeight : 0), 0);
  if (id === 'topic') return use === 'max' ? scores.total : scores.score;
  const page = Object.hasOwn(scores.summary, id) ? scores.summary[id] : undefined;
  if (page) return sum(page);
  for (const rows of Object.values(scores.summary)) {
    const row = rows.find((r) => r.fieldId === id);
    if (row) return sum([row]);
  }
  return undefined;
}
