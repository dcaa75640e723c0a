import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Db, SyncStatement } from './database';
import type { Database } from './schema';
import { keepPrepared } from './statement-names';

const MARK = '\u0000arg';

type Builder<Args extends unknown[], Row> = (k: Kysely<Database>, ...args: Args) => Compilable<Row>;

/**
 * Builds and compiles a query once with stand-in arguments, and answers a function that runs the
 * same SQL with real ones. Each argument must reach the SQL as a parameter, which is checked.
 */
function compileOnce<Args extends unknown[], Row>(
  kysely: Kysely<Database>,
  build: Builder<Args, Row>,
  arity: number,
) {
  const stand = Array.from({ length: arity }, (_, i) => `${MARK}${i}`) as unknown as Args;
  const compiled = build(kysely, ...stand).compile();
  const slots = compiled.parameters.map((p) =>
    typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1,
  );
  for (let i = 0; i < arity; i++)
    if (!slots.includes(i))
      throw new Error(`prepared query: argument ${i} is not a parameter of ${compiled.sql}`);
  keepPrepared(compiled.sql);
  const bind = (args: Args): unknown[] =>
    compiled.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
  return { sql: compiled.sql, bind };
}

/** Runs the compiled query on Kysely's connection, with the real arguments. */
function compileForKysely<Args extends unknown[], Row>(
  kysely: Kysely<Database>,
  build: Builder<Args, Row>,
  arity: number,
) {
  const { sql, bind } = compileOnce(kysely, build, arity);
  return (args: Args): Promise<QueryResult<Row>> =>
    kysely.executeQuery<Row>(CompiledQuery.raw(sql, bind(args)));
}

/**
 * A query compiled by Kysely once, then run with new arguments: for the few queries every
 * request makes (session, viewer, workbook), where building the query costs more than running it.
 */
export function prepared<Args extends unknown[], Row>(
  kysely: Kysely<Database>,
  build: Builder<Args, Row>,
  arity: Args['length'],
) {
  const run = compileForKysely(kysely, build, arity);
  return async (...args: Args): Promise<Row[]> => (await run(args)).rows;
}

/** As `prepared`, for an update or insert: answers how many rows it changed. */
export function preparedWrite<Args extends unknown[]>(
  kysely: Kysely<Database>,
  build: Builder<Args, unknown>,
  arity: Args['length'],
) {
  const run = compileForKysely(kysely, build, arity);
  return async (...args: Args): Promise<number> => Number((await run(args)).numAffectedRows ?? 0);
}

/**
 * SQLite only: a query compiled by Kysely once and run synchronously on the connection, so that a
 * read and a write can follow each other with nothing of the process in between.
 */
export function preparedSync<Args extends unknown[], Row>(
  db: Db,
  build: Builder<Args, Row>,
  arity: Args['length'],
) {
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('preparedSync needs the SQLite connection');
  const { sql, bind } = compileOnce(db.kysely, build, arity);
  const statement = (): SyncStatement => sqlite.prepare(sql);
  return {
    all: (...args: Args): Row[] => statement().all(...bind(args)) as Row[],
    /** How many rows it changed. */
    run: (...args: Args): number => statement().run(...bind(args)).changes,
  };
}
