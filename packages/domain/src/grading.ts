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

const normalise = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * Whether an answer is right (docs/design.md §6): a value or a list of accepted values; numbers within
 * an optional tolerance; booleans exactly; select and radio by value; text trimmed, with runs of
 * spaces folded and case ignored. An unanswered field is wrong.
 */
export function isCorrectAnswer(
  field: Pick<Field, 'type' | 'correctValue' | 'tolerance'>,
  answer: unknown,
): boolean {
  if (answer === undefined || answer === null || answer === '') return false;
  const accepted = Array.isArray(field.correctValue) ? field.correctValue : [field.correctValue];
  switch (field.type) {
    case 'number':
    case 'slider': {
      const given = asNumber(answer);
      const tolerance = Math.abs(field.tolerance ?? 0);
      return (
        given !== null &&
        accepted.some((a) => {
          const want = asNumber(a);
          return want !== null && Math.abs(given - want) <= tolerance + 1e-9;
        })
      );
    }
    case 'boolean': {
      const given = asBoolean(answer);
      return given !== null && accepted.some((a) => asBoolean(a) === given);
    }
    case 'select':
    case 'radio':
      return typeof answer === 'string' && accepted.some((a) => a === answer);
    case 'string':
      return (
        typeof answer === 'string' &&
        accepted.some((a) => typeof a === 'string' && normalise(a) === normalise(answer))
      );
    default:
      return false;
  }
}

export interface GradablePage {
  _id: string;
  fields: Pick<Field, '_id' | 'type' | 'scoreWeight' | 'correctValue' | 'tolerance'>[];
}

/**
 * Grades a worksheet: `score` is the weight of correct fields, `total` of all scored fields, by
 * page. A field without an answer counts in the total (docs/design.md §6) and is marked
 * `isAnswered: false`, so the report card can say "not answered" rather than "wrong".
 */
export function gradeWorksheet(
  pages: readonly GradablePage[],
  answers: Readonly<Record<string, unknown>>,
): Scores {
  const scores = emptyScores();
  for (const page of pages) {
    const rows = [];
    for (const field of page.fields) {
      if (!isScoredField(field)) continue;
      const weight = field.scoreWeight ?? 0;
      // An own key only: a field id may be `constructor` or `toString`.
      const answer = Object.hasOwn(answers, field._id) ? answers[field._id] : undefined;
      const isCorrect = isCorrectAnswer(field, answer);
      rows.push({
        fieldId: field._id,
        isCorrect,
        scoreWeight: weight,
        ...(!isAnswered(answer) && { isAnswered: false as const }),
      });
      scores.total += weight;
      if (isCorrect) scores.score += weight;
    }
    if (rows.length) scores.summary[page._id] = rows;
  }
  return scores;
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
