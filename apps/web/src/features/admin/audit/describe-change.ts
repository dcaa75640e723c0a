/** At most this many characters of one value in the change column (the CSV has it whole). */
const MAX_VALUE = 80;

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an audit event changed, one line per part: `name: before → after` for each key whose
 * value differs (a record before and after), else the whole value before and after. `labelOf`
 * names a key in the reader's language (the key itself when it has no name).
 */
export function describeChange(
  before: unknown,
  after: unknown,
  labelOf: (key: string) => string = (key) => key,
): string[] {
  if (isRecord(before) || isRecord(after)) {
    const was = isRecord(before) ? before : {};
    const is = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return keys
      .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
      .map((key) => `${labelOf(key)}: ${show(was[key])} → ${show(is[key])}`);
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [`${show(before)} → ${show(after)}`];
}
