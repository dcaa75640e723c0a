/**
 * Numbers as people type them in their locale (issue 24, point 2): "1,500.25" in en-US,
 * "1 500,25" in fr-CA. The locale's decimal separator and its grouping separator are read where
 * they belong (groups of three digits, before the decimal separator); spaces (the plain one, the
 * no-break space U+00A0, the narrow no-break space U+202F) group thousands in every locale.
 *
 * What could be read two ways is refused rather than guessed:
 * - en-US: a comma that does not group thousands ("1,5", "1,50", "12,3456") may be a decimal
 *   comma; a comma after the decimal point ("1.500,25") or points used to group ("1.500.000").
 * - fr-CA: the point is no separator of its own; alone it is read as a decimal point ("1.5",
 *   "12.75", "1 500.25"), except where it may group thousands: one to three digits, a point,
 *   three digits ("1.500"), points and a comma together ("1.500,25"), or several points.
 * What is not a number at all ("4o", "1e5", "15,00,0" in en-US, "1 50" anywhere) is malformed.
 */

export type LocaleNumberError = 'empty' | 'malformed' | 'ambiguous';

export interface LocaleNumberProblem {
  error: LocaleNumberError;
  /**
   * Typing on could still make it a number ("-", "1,", "1,5" on the way to "1,500"): a field
   * says nothing about it until it is left.
   */
  isPrefix: boolean;
}

const SPACES = /[ \u00a0\u202f]/g;
const SPACE = ' ';

interface Separators {
  decimal: string;
  /** The locale's grouping separator when it is not a space (en-US ","); null when it is. */
  group: string | null;
  /** The one of "." and "," that is neither (fr-CA "."): a decimal point where unambiguous. */
  other: string | null;
}

const separatorCache = new Map<string, Separators>();

function separatorsOf(locale: string): Separators {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  let decimal = '.';
  let group: string | null = ',';
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    const found = parts.find((part) => part.type === 'group')?.value ?? ',';
    group = found.replace(SPACES, SPACE) === SPACE ? null : found;
  } catch {
    // An unknown locale reads numbers the en-US way.
  }
  const other = ['.', ','].find((mark) => mark !== decimal && mark !== group) ?? null;
  const separators = { decimal, group, other };
  separatorCache.set(locale, separators);
  return separators;
}

/** Digits grouped by threes with `mark` ("1,234,567"), or not grouped at all. */
function isGrouped(digits: string, mark: string): boolean {
  if (!digits.includes(mark)) return /^\d+$/.test(digits);
  return digits.split(mark).every((group, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(group));
}

type Reading = number | Exclude<LocaleNumberError, 'empty'>;

function read(text: string, { decimal, group, other }: Separators): Reading {
  // Spaces group thousands; "_" stands for all of them.
  const match = /^([-+\u2212]?)([\d.,_]*)$/.exec(text.replace(SPACES, '_'));
  if (!match) return 'malformed';
  const sign = match[1] ?? '';
  const body = match[2] ?? '';
  let decimalMark = decimal;
  if (other && body.includes(other)) {
    // fr-CA "1.5": a point read as the decimal point, unless it may group thousands.
    const [whole = '', fraction = '', ...more] = body.split(other);
    if (more.length > 0 || body.includes(decimal)) return 'ambiguous';
    if (/^\d{1,3}$/.test(whole) && /^\d{3}$/.test(fraction)) return 'ambiguous';
    decimalMark = other;
  }
  const pieces = body.split(decimalMark);
  if (pieces.length > 2) {
    // en-US "1.500.000", fr-CA "1,500,000": thousands grouped the other locale's way.
    return isGrouped(body, decimalMark) ? 'ambiguous' : 'malformed';
  }
  const [whole = '', fraction = ''] = pieces;
  if (!/^\d*$/.test(fraction)) {
    // en-US "1.500,25": a decimal comma after points grouping thousands.
    const [kept = '', after, ...more] = fraction.split(group ?? decimal);
    const isDecimalComma = after !== undefined && more.length === 0 && /^\d+$/.test(kept + after);
    return isDecimalComma ? 'ambiguous' : 'malformed';
  }
  if (whole === '' && fraction === '') return 'malformed';
  const marks = [...new Set(whole.replace(/\d/g, ''))];
  const mark = marks[0];
  if (marks.length > 1 || (mark !== undefined && mark !== '_' && mark !== group))
    return 'malformed';
  if (mark !== undefined && !isGrouped(whole, mark)) {
    // en-US "1,5" may be a decimal comma; "15,00,0" and "1 50" are no numbers.
    const isLoneGroupMark = mark === group && pieces.length === 1 && whole.split(mark).length === 2;
    return isLoneGroupMark ? 'ambiguous' : 'malformed';
  }
  const digits = mark === undefined ? whole : whole.split(mark).join('');
  const magnitude = Number(`${digits || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(magnitude)) return 'malformed';
  return (sign === '-' || sign === '\u2212') && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * `text` as a number in `locale` (see above), or the problem with it: `empty`, `malformed`
 * ("4o") or `ambiguous` ("1,5" in en-US, "1.500" in fr-CA).
 */
export function parseLocaleNumber(text: string, locale: string): number | LocaleNumberProblem {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'empty', isPrefix: true };
  const separators = separatorsOf(locale);
  const reading = read(trimmed, separators);
  if (typeof reading === 'number') return reading;
  const isPrefix = ['0', '00', '000'].some(
    (more) => typeof read(trimmed + more, separators) === 'number',
  );
  return { error: reading, isPrefix };
}

/**
 * A number as the locale writes it, grouped ("1,500.25", "1 500,25"), or without grouping to be
 * edited ("1500.25", "1500,25"); '' for no number.
 */
export function formatLocaleNumber(
  value: unknown,
  locale: string,
  { useGrouping = true }: { useGrouping?: boolean } = {},
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping }).format(value);
}
