import type { Kysely } from 'kysely';
import type { Db } from '../database';
import type { Database } from '../schema';

/**
 * What a repository function runs on: the database, or a transaction opened on it. Repository
 * functions take it first, so that a service can run several of them in one transaction.
 */
export interface Executor {
  kysely: Kysely<Database>;
  dialect: Db['dialect'];
}

/**
 * Runs `work` in one transaction: every repository call given `tx` commits or rolls back together.
 * Given a transaction already, `work` runs in it (a use case composes repository functions that
 * open their own).
 */
export function inTransaction<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return work(db);
  return db.kysely.transaction().execute((trx) => work({ kysely: trx, dialect: db.dialect }));
}

/** Whether an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/**
 * A value built once per database (prepared queries compiled for its dialect), kept as long as
 * the database object lives.
 */
export function perDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Kysely<Database>, T>();
  return (db) => {
    let value = built.get(db.kysely);
    if (value === undefined) built.set(db.kysely, (value = build(db)));
    return value;
  };
}
