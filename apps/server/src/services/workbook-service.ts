import { emptyWorkbook, mergeWorkbooks, type Workbook } from '@portal/domain';
import { sql, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import { prepared, preparedSync, preparedWrite } from '../db/prepared';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export interface StoredWorkbook {
  workbook: Workbook;
  version: number;
  updatedAt: string;
}

/** A stored workbook with the text it is stored as. */
interface Current extends StoredWorkbook {
  data: string;
}

/** The answer `{workbook: {workbook, version, updatedAt}}` built around text already serialised. */
export function workbookAnswerJson(data: string, version: number, updatedAt: string): string {
  return `{"workbook":{"workbook":${data},"version":${version},"updatedAt":${JSON.stringify(updatedAt)}}}`;
}

const EMPTY_JSON = JSON.stringify(emptyWorkbook());
/** Workbooks last saved by this process, kept parsed so that the next save need not read them. */
const RECENT_BYTES = 64 * 1024 * 1024;
/** Saves that lose the race to another process this many times in a row are refused (503). */
const MAX_ATTEMPTS = 20;

type Row = { data: string; version: number | string; updated_at: string };

/** One learner's workbook in one organisation: the key of the cache, the queue and batches. */
const keyOf = (orgId: string, userId: string) => `${orgId}\u0000${userId}`;

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

const fromRow = (row: Row): Current => ({
  workbook: JSON.parse(row.data) as Workbook,
  data: row.data,
  version: Number(row.version),
  updatedAt: row.updated_at,
});

interface PendingSave {
  key: string;
  orgId: string;
  userId: string;
  incoming: Workbook;
  resolve(saved: Current): void;
  reject(error: unknown): void;
}

interface BatchedUpdate {
  orgId: string;
  userId: string;
  next: Current;
  /** The version the merge started from: the row is written only if it still has it. */
  expected: number;
}

/**
 * PostgreSQL: the updates asked for in one turn of the event loop, made by one statement (one
 * round trip and one commit for all). Each caller learns whether its row was written; if the
 * statement fails, none was, and each caller saves on its own.
 */
class BatchedUpdates {
  private pending: Array<BatchedUpdate & { done(written: boolean): void }> = [];

  constructor(private readonly db: Db) {}

  write(update: BatchedUpdate): Promise<boolean> {
    return new Promise((done) => {
      this.pending.push({ ...update, done });
      if (this.pending.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    let written = new Set<string>();
    try {
      const { rows } = await sql<{ org_id: string; user_id: string }>`
        update workbooks as w
        set data = v.data, version = v.version, updated_at = v.updated_at
        from unnest(
          ${batch.map((u) => u.orgId)}::text[],
          ${batch.map((u) => u.userId)}::text[],
          ${batch.map((u) => u.next.data)}::text[],
          ${batch.map((u) => u.next.version)}::int[],
          ${batch.map((u) => u.next.updatedAt)}::text[],
          ${batch.map((u) => u.expected)}::int[]
        ) as v(org_id, user_id, data, version, updated_at, expected)
        where w.org_id = v.org_id and w.user_id = v.user_id and w.version = v.expected
        returning w.org_id, w.user_id`.execute(this.db.kysely);
      written = new Set(rows.map((row) => keyOf(row.org_id, row.user_id)));
    } catch {
      // Nothing was written; each save goes again on its own, where its error is its own.
    }
    for (const update of batch) update.done(written.has(keyOf(update.orgId, update.userId)));
  }
}

/** Runs the tasks given for one key one after another, and tasks of different keys freely. */
class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task, task) : task();
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/**
 * One workbook per learner per organisation, merged field by field on every save (design §8).
 *
 * A save merges into the stored workbook and writes the result only over the version it merged
 * into (optimistic concurrency): if another save got there first, it reads again and merges
 * again, so concurrent saves from several tabs, devices or server processes all survive. The
 * workbook a process last wrote is kept in memory, so a save usually makes one statement.
 *
 * On PostgreSQL, saves of one learner run one at a time within a process, so they do not race
 * each other. On SQLite, the saves that arrive in one turn of the event loop are merged and
 * written in one transaction (group commit: one commit, not one per save), synchronously, and
 * each is answered once that transaction is committed.
 */
export class WorkbookService {
  private readonly recent = new LRUCache<string, Current>({
    maxSize: RECENT_BYTES,
    sizeCalculation: (current) => current.data.length * 2 + 256,
  });
  private readonly queue = new KeyedQueue();
  private pending: PendingSave[] = [];
  private waitingSince: number | undefined;
  private readonly updates: BatchedUpdates;
  private readonly select;
  private readonly insert;
  private readonly update;
  private readonly sync;

  constructor(private readonly db: Db) {
    this.select = prepared(db.kysely, selectRow, 2);
    this.insert = preparedWrite(db.kysely, insertRow, 5);
    this.update = preparedWrite(db.kysely, updateRow, 6);
    this.updates = new BatchedUpdates(db);
    // SQLite runs on this process's one connection, synchronously: read, merge and write follow
    // each other with nothing in between.
    this.sync = db.sqlite
      ? {
          select: preparedSync(db, selectRow, 2),
          insert: preparedSync(db, insertRow, 5),
          update: preparedSync(db, updateRow, 6),
          begin: db.sqlite.prepare('begin immediate'),
          commit: db.sqlite.prepare('commit'),
          rollback: db.sqlite.prepare('rollback'),
        }
      : null;
  }

  /** The stored answer as JSON text, without parsing the workbook. */
  async getJson(orgId: string, userId: string): Promise<string> {
    const [row] = await this.select(orgId, userId);
    return row
      ? workbookAnswerJson(row.data, Number(row.version), row.updated_at)
      : workbookAnswerJson(EMPTY_JSON, 0, new Date(0).toISOString());
  }

  async get(orgId: string, userId: string): Promise<StoredWorkbook> {
    const [row] = await this.select(orgId, userId);
    if (!row)
      return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
    const { workbook, version, updatedAt } = fromRow(row);
    return { workbook, version, updatedAt };
  }

  /** Merges `incoming` into the stored workbook; answers the result once it is written. */
  async save(
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<StoredWorkbook & { json: string }> {
    const key = keyOf(orgId, userId);
    const saved = this.sync
      ? await this.saveInNextCommit(key, orgId, userId, incoming)
      : await this.queue.run(key, () => this.saveBatched(key, orgId, userId, incoming));
    return {
      workbook: saved.workbook,
      version: saved.version,
      updatedAt: saved.updatedAt,
      json: workbookAnswerJson(saved.data, saved.version, saved.updatedAt),
    };
  }

  /**
   * SQLite: the saves that arrive in one turn of the event loop are written in one transaction
   * (group commit), and each is answered once that transaction is committed.
   */
  private saveInNextCommit(
    key: string,
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<Current> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, orgId, userId, incoming, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commitPending());
    });
  }

  private commitPending(): void {
    const sync = this.sync!;
    const sqlite = this.db.sqlite!;
    // A transaction of Kysely's (a sign-up, a content import) may be open on the connection,
    // waiting between its statements: the batch waits for it to end.
    // (Not for ever: after 5 s, BEGIN fails and the batch's saves answer an error.)
    if (sqlite.inTransaction && Date.now() - (this.waitingSince ??= Date.now()) < 5_000) {
      setTimeout(() => this.commitPending(), 1);
      return;
    }
    this.waitingSince = undefined;
    const batch = this.pending;
    this.pending = [];
    // Within the batch, a learner's next save merges into the one before it.
    const written = new Map<string, Current>();
    const outcomes: Array<{ saved: Current } | { error: unknown }> = [];
    try {
      sync.begin.run();
      for (const save of batch) {
        try {
          const saved = this.saveSync(save.key, save.orgId, save.userId, save.incoming, written);
          written.set(save.key, saved);
          outcomes.push({ saved });
        } catch (error) {
          // A failed statement is undone alone (the others of the batch go on), unless SQLite
          // had to end the transaction: then nothing of the batch is written.
          if (!sqlite.inTransaction) throw error;
          outcomes.push({ error });
        }
      }
      sync.commit.run();
    } catch (error) {
      if (sqlite.inTransaction) sync.rollback.run();
      for (const save of batch) save.reject(error);
      return;
    }
    for (const [key, current] of written) this.recent.set(key, current);
    batch.forEach((save, i) => {
      const outcome = outcomes[i]!;
      if ('saved' in outcome) save.resolve(outcome.saved);
      else save.reject(outcome.error);
    });
  }

  private saveSync(
    key: string,
    orgId: string,
    userId: string,
    incoming: Workbook,
    written: Map<string, Current>,
  ): Current {
    const sync = this.sync!;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let base = attempt === 0 ? (written.get(key) ?? this.recent.get(key)) : undefined;
      if (!base) {
        const [row] = sync.select.all(orgId, userId);
        base = row && fromRow(row);
      }
      const next = merged(base, incoming);
      const changed = base
        ? sync.update.run(next.data, next.version, next.updatedAt, orgId, userId, base.version)
        : sync.insert.run(orgId, userId, next.data, next.version, next.updatedAt);
      if (changed === 1) return next;
      this.recent.delete(key);
    }
    throw busy();
  }

  /**
   * PostgreSQL: a save whose stored workbook this process wrote last joins the saves of other
   * learners made in the same turn of the event loop, all written by one UPDATE; anything else
   * (first save, a workbook changed elsewhere, a failed batch) is saved on its own.
   */
  private async saveBatched(
    key: string,
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<Current> {
    const base = this.recent.get(key);
    if (!base) return this.saveAsync(key, orgId, userId, incoming);
    const next = merged(base, incoming);
    if (await this.updates.write({ orgId, userId, next, expected: base.version })) {
      this.recent.set(key, next);
      return next;
    }
    this.recent.delete(key);
    return this.saveAsync(key, orgId, userId, incoming);
  }

  private async saveAsync(
    key: string,
    orgId: string,
    userId: string,
    incoming: Workbook,
  ): Promise<Current> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let base = this.recent.get(key);
      if (!base) {
        const [row] = await this.select(orgId, userId);
        base = row && fromRow(row);
      }
      const next = merged(base, incoming);
      const written = base
        ? await this.update(next.data, next.version, next.updatedAt, orgId, userId, base.version)
        : await this.insert(orgId, userId, next.data, next.version, next.updatedAt);
      if (written === 1) {
        this.recent.set(key, next);
        return next;
      }
      this.recent.delete(key);
    }
    throw busy();
  }
}

function merged(base: Current | undefined, incoming: Workbook): Current {
  const workbook = mergeWorkbooks(base?.workbook ?? emptyWorkbook(), incoming);
  return {
    workbook,
    data: JSON.stringify(workbook),
    version: (base?.version ?? 0) + 1,
    updatedAt: new Date().toISOString(),
  };
}

const busy = () =>
  new HttpError(503, 'The workbook is being saved from elsewhere at this moment; try again.');
