import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const CHUNK = 200;

/** Inserts rows in chunks (a statement's parameters are limited on both databases). */
export async function insertChunks<T extends keyof Database & string>(
  k: Kysely<Database>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // The rows are built for `table` by the caller; Kysely cannot relate a generic table to them.
    const chunk = rows.slice(i, i + CHUNK) as Parameters<
      ReturnType<typeof k.insertInto<T>>['values']
    >[0];
    await k.insertInto(table).values(chunk).execute();
  }
}
