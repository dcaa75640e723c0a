import type { Field, FormulaTest } from '@portal/domain';

type Answer = FormulaTest['answers'][string];

/** A test answer from what the author typed: a number for numeric fields, true/false for boxes. */
export function answerFromInput(field: Pick<Field, 'type'>, text: string): Answer | undefined {
  if (text.trim() === '') return undefined;
  if (field.type === 'number' || field.type === 'slider') {
    const n = Number(text.trim().replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(n) ? n : text;
  }
  if (field.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** What an answer input shows. */
export const answerToInput = (answer: Answer | undefined): string =>
  answer === undefined ? '' : String(answer);

/** `answers` with the field's answer set (or removed when empty). */
export function withAnswer(
  answers: FormulaTest['answers'],
  field: Pick<Field, '_id' | 'type'>,
  text: string,
): FormulaTest['answers'] {
  const next = { ...answers };
  const answer = answerFromInput(field, text);
  if (answer === undefined) delete next[field._id];
  else next[field._id] = answer;
  return next;
}
