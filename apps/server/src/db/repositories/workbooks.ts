import { sql, type Kysely } from 'kysely';
import type { Db } from '../database';
import { prepared, preparedSync, preparedWrite } from '../prepared';
import type { Database } from '../schema';
import type { Executor } from './executor';

/**
 * One learner's workbook in one organisation, as its row holds it. The workbook stays the JSON
 * text it is stored as: a GET answers it without parsing it, and the service parses it only to
 * merge a save into it.
 */
export interface WorkbookRecord {
  data: string;
  version: number;
  updatedAt: string;
}

/** A write made only over the version the merge started from (optimistic concurrency). */
export interface WorkbookUpdate {
  orgId: string;
  userId: string;
  record: WorkbookRecord;
  expectedVersion: number;
}

/**
 * As `perDatabase`, with the last database asked for kept at hand: a process saves on one
 * database, and every save calls these, so most calls skip the WeakMap.
 */
function lastOrPerDatabase<D extends Executor, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<Kysely<Database>, T>();
  let lastKysely: Kysely<Database> | undefined;
  let last: T | undefined;
  return (db) => {
    if (db.kysely === lastKysely) return last!;
    let value = built.get(db.kysely);
    if (value === undefined) built.set(db.kysely, (value = build(db)));
    lastKysely = db.kysely;
    last = value;
    return value;
  };
}

type Row = { data: string; version: number | string; updated_at: string };

const fromRow = (row: Row): WorkbookRecord => ({
  data: row.data,
  version: Number(row.version),
  updatedAt: row.updated_at,
});

// The statements of every save, compiled by Kysely once per database (db/prepared.ts).
const selectRow = (k: Kysely<Database>, orgId: string, userId: string) =>
  k
    .selectFrom('workbooks')
    .select(['data', 'version', 'updated_at'])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId);
const insertRow = (
  k: Kysely<Database>,
  orgId: string,
  userId: string,
  data: string,
  version: number,
  updatedAt: string,
) =>
  k
    .insertInto('workbooks')
    .values({ org_id: orgId, user_id: userId, data, version, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing());
/** Writes only over the version the merge started from: a save made meanwhile elsewhere wins the race. */
const updateRow = (
  k: Kysely<Database>,
  data: string,
  version: number,
  updatedAt: string,
  orgId: string,
  userId: string,
  expected: number,
) =>
  k
    .updateTable('workbooks')
    .set({ data, version, updated_at: updatedAt })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('version', '=', expected);

const queries = lastOrPerDatabase((db: Executor) => ({
  select: prepared(db.kysely, selectRow, 2),
  insert: preparedWrite(db.kysely, insertRow, 5),
  update: preparedWrite(db.kysely, updateRow, 6),
}));

export async function findWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<WorkbookRecord | undefined> {
  const [row] = await queries(db).select(orgId, userId);
  return row && fromRow(row);
}

/** One stored workbook as its row holds it, with its learner and organisation. */
export interface StoredWorkbookRow {
  org_id: string;
  user_id: string;
  data: string;
}

/**
 * A page of stored workbooks, of one organisation or of all, in (organisation, learner) order,
 * after the key `after` (keyset pagination): what grading every workbook again walks through.
 */
export async function pageOfWorkbooks(
  db: Executor,
  q: { orgId?: string; after?: { orgId: string; userId: string }; limit: number },
): Promise<StoredWorkbookRow[]> {
  let query = db.kysely
    .selectFrom('workbooks')
    .select(['org_id', 'user_id', 'data'])
    .orderBy('org_id')
    .orderBy('user_id')
    .limit(q.limit);
  if (q.orgId) query = query.where('org_id', '=', q.orgId);
  if (q.after) {
    const { orgId: lastOrg, userId: lastUser } = q.after;
    query = query.where((eb) =>
      eb.or([
        eb('org_id', '>', lastOrg),
        eb.and([eb('org_id', '=', lastOrg), eb('user_id', '>', lastUser)]),
      ]),
    );
  }
  return query.execute();
}

/** Stores a learner's first workbook; false when one is there already (made meanwhile elsewhere). */
export async function insertWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
  record: WorkbookRecord,
): Promise<boolean> {
  return (
    (await queries(db).insert(orgId, userId, record.data, record.version, record.updatedAt)) === 1
  );
}

/** Writes the workbook if its row still has `expectedVersion`; false when it has not. */
export async function updateWorkbook(db: Executor, update: WorkbookUpdate): Promise<boolean> {
  const { orgId, userId, record, expectedVersion } = update;
  const changed = await queries(db).update(
    record.data,
    record.version,
    record.updatedAt,
    orgId,
    userId,
    expectedVersion,
  );
  return changed === 1;
}

/**
 * PostgreSQL only: several learners' updates made by one statement (one round trip and one
 * commit for all), each with its own version check. Answers the rows it wrote.
 */
export async function updateWorkbooks(
  db: Executor,
  updates: readonly WorkbookUpdate[],
): Promise<Array<{ orgId: string; userId: string }>> {
  const { rows } = await sql<{ org_id: string; user_id: string }>`
    update workbooks as w
    set data = v.data, version = v.version, updated_at = v.updated_at
    from unnest(
      ${updates.map((u) => u.orgId)}::text[],
      ${updates.map((u) => u.userId)}::text[],
      ${updates.map((u) => u.record.data)}::text[],
      ${updates.map((u) => u.record.version)}::int[],
      ${updates.map((u) => u.record.updatedAt)}::text[],
      ${updates.map((u) => u.expectedVersion)}::int[]
    ) as v(org_id, user_id, data, version, updated_at, expected)
    where w.org_id = v.org_id and w.user_id = v.user_id and w.version = v.expected
    returning w.org_id, w.user_id`.execute(db.kysely);
  return rows.map((row) => ({ orgId: row.org_id, userId: row.user_id }));
}

/**
 * SQLite only: the same statements run synchronously on the connection, so that a read, a
 * merge and a write follow each other with nothing of the process in between, and the saves of
 * one turn of the event loop share one transaction (group commit; see WorkbookService).
 */
const sync = lastOrPerDatabase((db: Db) => {
  const sqlite = db.sqlite;
  if (!sqlite) throw new Error('synchronous workbook statements need the SQLite connection');
  return {
    sqlite,
    select: preparedSync(db, selectRow, 2),
    insert: preparedSync(db, insertRow, 5),
    update: preparedSync(db, updateRow, 6),
    begin: sqlite.prepare('begin immediate'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
  };
});

/** Whether the database runs the synchronous statements below (SQLite). */
export const canWriteWorkbooksSync = (db: Db): boolean => db.sqlite !== undefined;

export function findWorkbookSync(
  db: Db,
  orgId: string,
  userId: string,
): WorkbookRecord | undefined {
  const [row] = sync(db).select.all(orgId, userId);
  return row && fromRow(row);
}

export function insertWorkbookSync(
  db: Db,
  orgId: string,
  userId: string,
  record: WorkbookRecord,
): boolean {
  return sync(db).insert.run(orgId, userId, record.data, record.version, record.updatedAt) === 1;
}

export function updateWorkbookSync(db: Db, update: WorkbookUpdate): boolean {
  const { orgId, userId, record, expectedVersion } = update;
  const changed = sync(db).update.run(
    record.data,
    record.version,
    record.updatedAt,
    orgId,
    userId,
    expectedVersion,
  );
  return changed === 1;
}

/** Whether a transaction is open on the connection (a Kysely one, or SQLite ended one by itself). */
export const isTransactionOpenSync = (db: Db): boolean => sync(db).sqlite.inTransaction;

/** Opens the transaction of a batch of saves (BEGIN IMMEDIATE: it takes the write lock at once). */
export function beginSync(db: Db): void {
  sync(db).begin.run();
}

export function commitSync(db: Db): void {
  sync(db).commit.run();
}

export function rollbackSync(db: Db): void {
  sync(db).rollback.run();
}
