/**
 * What a learner typed in a number field. Both decimal separators are read (a French keyboard
 * gives a comma), spaces and thousands separators are ignored, and a number still being typed
 * ("-", "3.") is not an error yet.
 */
export type NumberInput =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'incomplete' }
  | { kind: 'invalid' };

const SPACES = /[\s\u00a0\u202f']/g;

export function parseNumberInput(text: string): NumberInput {
  let compact = text.replace(SPACES, '');
  if (compact === '') return { kind: 'empty' };
  if (/^[-+]?[.,]?$/.test(compact)) return { kind: 'incomplete' };
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    compact = compact.split(group).join('');
    if (decimal === ',') compact = compact.replace(',', '.');
  } else if (lastComma >= 0) {
    // "1,234,567" groups thousands; "12,5" is a decimal comma.
    compact = /^[-+]?\d{1,3}(,\d{3}){2,}$/.test(compact)
      ? compact.split(',').join('')
      : compact.replace(',', '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(compact)) return { kind: 'invalid' };
  const value = Number(compact);
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'invalid' };
}

export type RangeProblem = 'below' | 'above' | null;

export function rangeProblem(value: number, min?: number, max?: number): RangeProblem {
  if (min !== undefined && value < min) return 'below';
  if (max !== undefined && value > max) return 'above';
  return null;
}

/** A stored number as the learner's locale writes it, without grouping ("1234,5" in French). */
export function formatNumberInput(value: unknown, locale: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return value.toLocaleString(locale, { useGrouping: false, maximumFractionDigits: 10 });
}
