import { parseLocaleNumber } from '@portal/domain';

/**
 * What a learner typed in a number field, read in the interface locale (packages/domain
 * locale-number.ts: "1,500" in en-US, "1 500" in fr-CA). What typing on could still make a
 * number ("-", "1,5" on the way to "1,500") is not an error yet.
 */
export type NumberInput =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'incomplete'; error: 'malformed' | 'ambiguous' }
  | { kind: 'invalid'; error: 'malformed' | 'ambiguous' };

export function parseNumberInput(text: string, locale: string): NumberInput {
  const read = parseLocaleNumber(text, locale);
  if (typeof read === 'number') return { kind: 'number', value: read };
  if (read.error === 'empty') return { kind: 'empty' };
  return { kind: read.isPrefix ? 'incomplete' : 'invalid', error: read.error };
}

export type RangeProblem = 'below' | 'above' | null;

export function rangeProblem(value: number, min?: number, max?: number): RangeProblem {
  if (min !== undefined && value < min) return 'below';
  if (max !== undefined && value > max) return 'above';
  return null;
}
