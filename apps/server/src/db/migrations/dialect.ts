import { sql, type Kysely } from 'kysely';

/**
 * Which database a migration runs on, for the statements each writes its own way (full-text
 * search, triggers): PostgreSQL answers `select version()`, SQLite does not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}
