import { sql, type Kysely } from 'kysely';
import type { Db } from './database';
import type { Executor } from './repositories/executor';
import type { Database } from './schema';

/** A row as the database gives it; bytes and dates are written tagged (`encodeValue`). */
export type Row = Record<string, unknown>;

/**
 * Tables a backup leaves out: the migrator's own (a restore runs the migrations), SQLite's, and
 * the topics' search index (rebuilt from the topics after a restore).
 */
const NOT_BACKED_UP = /^(kysely_|sqlite_|topic_search)/;

/** How many rows a backup reads, and a restore writes, at once. */
export const ROWS_AT_ONCE = 200;
/** The column a SQLite page carries its rowid in (taken off the row before it is written). */
const ROWID = '__backup_rowid';

/**
 * The tables holding the portal's data, in an order their references allow (organisations, then
 * accounts, then the rest by name): the order a restore inserts them in.
 */
export async function dataTables(db: Kysely<Database>, dialect: Db['dialect']): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
          sql: string | null;
        }>`select name, sql from sqlite_master where type = 'table'`.execute(db)
      : await sql<{ name: string; sql: null }>`select table_name as name, null as sql
          from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  // SQLite's full-text tables (and the tables they keep theirs in) are kept by triggers or
  // rebuilt: their source rows are what is backed up.
  const virtual = rows.rows
    .filter((r) => /^create virtual table/i.test(r.sql ?? ''))
    .map((r) => r.name);
  const isIndex = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const rank = (name: string) => (name === 'organisations' ? 0 : name === 'users' ? 1 : 2);
  return rows.rows
    .map((r) => r.name)
    .filter((name) => !NOT_BACKED_UP.test(name) && !isIndex(name))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The migrations applied to the database, in order: a backup names them, a restore checks them. */
export async function appliedMigrations(db: Executor): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    db.kysely,
  );
  return rows.rows.map((r) => r.name);
}

/**
 * Reads every data table in one consistent snapshot (a read transaction: SQLite's WAL keeps it
 * while the server writes; PostgreSQL's repeatable read), handing `visit` the rows of each table
 * a page at a time, pages in a stable order.
 */
export async function readSnapshot(
  db: Db,
  visit: (snapshot: {
    /** The snapshot's transaction: what else is read for the backup is read in it. */
    tx: Executor;
    migrations: string[];
    tables: string[];
    page: (table: string) => AsyncGenerator<Row[]>;
  }) => Promise<void>,
): Promise<void> {
  const tx = db.kysely.transaction();
  await (db.dialect === 'postgres' ? tx.setIsolationLevel('repeatable read') : tx).execute(
    async (trx) => {
      const tables = await dataTables(trx, db.dialect);
      async function* page(table: string): AsyncGenerator<Row[]> {
        if (db.dialect === 'sqlite') {
          // Paged by rowid (every table here has one), each page found by its key: a large
          // table is never held whole, and no statement stays open between pages.
          let last: number | null = null;
          for (;;) {
            const rows: { rows: Row[] } = await sql<Row>`select rowid as ${sql.id(ROWID)}, *
              from ${sql.table(table)} where ${last === null ? sql`1` : sql`rowid > ${last}`}
              order by rowid limit ${ROWS_AT_ONCE}`.execute(trx);
            if (rows.rows.length === 0) return;
            last = Number(rows.rows.at(-1)![ROWID]);
            yield rows.rows.map(({ [ROWID]: _rowid, ...row }) => row);
            if (rows.rows.length < ROWS_AT_ONCE) return;
          }
        }
        // PostgreSQL: a cursor in the snapshot's transaction, read a page at a time (no key
        // needed, and no page costs more than the one before, as an offset would).
        const cursor = sql.id(`backup_${table}`);
        await sql`declare ${cursor} no scroll cursor for select * from ${sql.table(table)}`.execute(
          trx,
        );
        try {
          for (;;) {
            const rows = await sql<Row>`fetch forward ${sql.raw(String(ROWS_AT_ONCE))}
              from ${cursor}`.execute(trx);
            if (rows.rows.length) yield rows.rows;
            if (rows.rows.length < ROWS_AT_ONCE) return;
          }
        } finally {
          await sql`close ${cursor}`.execute(trx);
        }
      }
      const tx: Executor = { kysely: trx, dialect: db.dialect };
      await visit({
        tx,
        migrations: await appliedMigrations(tx),
        tables,
        page,
      });
    },
  );
}

/** Whether the database holds no organisation and no account: what a restore writes into. */
export async function isEmpty(db: Db): Promise<boolean> {
  for (const table of ['organisations', 'users'] as const) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
  }
  return true;
}

/** Inserts `rows` into `table` (a restore, in its transaction). */
export async function insertRows(db: Executor, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const values = rows.map(
    (row) => sql`(${sql.join(columns.map((c) => (row[c] === undefined ? null : row[c])))})`,
  );
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values ${sql.join(values)}`.execute(db.kysely);
}

/** The stored files the uploads table names, with their types (the files of a bucket). */
export async function uploadedFiles(
  db: Executor,
): Promise<Array<{ key: string; contentType: string }>> {
  const rows = await db.kysely
    .selectFrom('uploads')
    .select(['storage_key as key', 'content_type as contentType'])
    .orderBy('storage_key')
    .execute();
  return rows;
}

/** The organisations the database holds (a restore writes one audit event to each). */
export async function organisationIds(db: Executor): Promise<string[]> {
  const rows = await db.kysely.selectFrom('organisations').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}
