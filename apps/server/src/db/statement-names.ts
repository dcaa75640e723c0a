/**
 * The SQL texts compiled once (db/prepared.ts) are also kept prepared on each PostgreSQL
 * connection, as named statements: the queries every request makes (session, viewer, unread
 * count, workbook) are then parsed and planned once per connection instead of on every call
 * (planning the unread count took longer than running it). One name per text, the same on every
 * connection; a connection the pool replaces prepares them again as it first runs each.
 */
const names = new Map<string, string>();

/** Marks a SQL text as one to keep prepared (at most a few hundred texts in a process). */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `portal_${names.size}`);
}

/** The statement name of a SQL text kept prepared, or undefined. */
export const statementName = (text: string): string | undefined => names.get(text);
