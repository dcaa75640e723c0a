import type { Field } from './content-pack';
import { emptyScores, isAnswered, isScoredField, type Scores } from './grading';

/*
 * Grading against the correct values (docs/design.md §6): the server's, and the studio's checks of
 * an author's test cases. Apart from grading.ts, which the learner's browser runs (correct values
 * never reach it), so that the learner's first load carries none of this.
 */

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
