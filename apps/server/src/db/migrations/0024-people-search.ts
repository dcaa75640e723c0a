import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

/**
 * Issue 27: the People screen finds a part of a name, username or email among 100,000 accounts
 * without reading them all. The searched text is one expression,
 * lower(email_key || ' ' || username_key || ' ' || first_name || ' ' || last_name): on PostgreSQL
 * a trigram GIN index of it (pg_trgm, when the server lets this database have it: otherwise the
 * search still works, by reading), on SQLite an FTS5 trigram table of it kept by triggers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`savepoint people_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`release savepoint people_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint people_trgm`.execute(db);
    }
    const available = await sql<{ n: number }>`
      select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (available.rows[0]?.n)
      await sql`create index users_search_trgm on users using gin (
        (lower(email_key || ' ' || username_key || ' ' || first_name || ' ' || last_name))
        gin_trgm_ops)`.execute(db);
    return;
  }
  // The text is kept in the table: a trigram match is checked against it (a contentless table
  // could not tell "abc…bcd" from "abcd").
  await sql`create virtual table users_search using fts5(text, tokenize='trigram')`.execute(db);
  const text = (row: string) =>
    sql.raw(
      `lower(${row}.email_key || ' ' || ${row}.username_key || ' ' || ${row}.first_name || ' ' || ${row}.last_name)`,
    );
  await sql`insert into users_search (rowid, text) select rowid, ${text('users')} from users`.execute(
    db,
  );
  await sql`create trigger users_search_insert after insert on users begin
    insert into users_search (rowid, text) values (new.rowid, ${text('new')}); end`.execute(db);
  await sql`create trigger users_search_update after update of email_key, username_key,
    first_name, last_name on users begin
    delete from users_search where rowid = old.rowid;
    insert into users_search (rowid, text) values (new.rowid, ${text('new')}); end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    delete from users_search where rowid = old.rowid; end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop index if exists users_search_trgm`.execute(db);
    return;
  }
  await sql`drop trigger if exists users_search_insert`.execute(db);
  await sql`drop trigger if exists users_search_update`.execute(db);
  await sql`drop trigger if exists users_search_delete`.execute(db);
  await sql`drop table if exists users_search`.execute(db);
}
