/**
 * The top-level parts of a record that differ, before and after: what an audit event of the
 * console records (docs/design.md §15). A part that is absent on one side is null there.
 */
export function changedParts(
  before: object,
  after: object,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) {
      was[key] = a[key] ?? null;
      is[key] = b[key] ?? null;
    }
  return { before: was, after: is };
}
