import { randomUUID } from 'node:crypto';
import {
  errorText,
  assignWorksheetIds,
  boundEditTimes,
  emptyWorkbook,
  mergeWorkbooks,
  stampEdits,
  worksheetsOverCap,
  type Workbook,
  type WorkbookConflict,
  type WorkbookSave,
} from '@portal/domain';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import {
  beginSync,
  canWriteWorkbooksSync,
  commitSync,
  findWorkbook,
  findWorkbookSync,
  insertWorkbook,
  insertWorkbookSync,
  isTransactionOpenSync,
  rollbackSync,
  updateWorkbook,
  updateWorkbooks,
  updateWorkbookSync,
  type WorkbookRecord,
  type WorkbookUpdate,
} from '../db/repositories/workbooks';
import { DomainError, invalid, unavailable } from './errors';

export interface StoredWorkbook {
  workbook: Workbook;
  version: number;
  updatedAt: string;
}

/** What a save must respect of its organisation's settings (its `constraints`). */
export interface WorkbookLimits {
  /** Worksheets a learner may keep per topic (docs/product-spec.md §4). */
  maxTopicWorksheets: number;
}

/** A stored workbook with the text it is stored as. */
interface Current extends StoredWorkbook {
  data: string;
  /** The edits of the save that made it which lost to newer ones (design §8). */
  conflicts?: WorkbookConflict[];
}

/**
 * The answer `{workbook: {workbook, version, updatedAt, serverTime, conflicts?}}` built around
 * text already serialised. `serverTime` is this server's clock as it answers: clients stamp
 * their edits in it (design §8).
 */
export function workbookAnswerJson(
  data: string,
  version: number,
  updatedAt: string,
  conflicts: WorkbookConflict[] = [],
  serverTime = new Date().toISOString(),
): string {
  const lost = conflicts.length ? `,"conflicts":${JSON.stringify(conflicts)}` : '';
  return `{"workbook":{"workbook":${data},"version":${version},"updatedAt":${JSON.stringify(updatedAt)},"serverTime":${JSON.stringify(serverTime)}${lost}}}`;
}

const EMPTY_JSON = JSON.stringify(emptyWorkbook());
/** Workbooks last saved by this process, kept parsed so that the next save need not read them. */
const RECENT_BYTES = 64 * 1024 * 1024;
/** Saves that lose the race to another process this many times in a row are refused (503). */
const MAX_ATTEMPTS = 20;

/** One learner's workbook in one organisation: the key of the cache, the queue and batches. */
const keyOf = (orgId: string, userId: string) => `${orgId}\u0000${userId}`;

const fromRecord = (record: WorkbookRecord, now: string): Current => ({
  // A time stored before edit times were checked and bounded (a device's clock a day ahead, or
  // "~") is bounded here, so that it no longer wins over every later edit (issue 16 F9).
  workbook: boundEditTimes(JSON.parse(record.data) as Workbook, now),
  data: record.data,
  version: record.version,
  updatedAt: record.updatedAt,
});

/** One save: whose workbook, what it brings, and the limits of its organisation. */
interface Save {
  key: string;
  orgId: string;
  userId: string;
  incoming: WorkbookSave;
  limits: WorkbookLimits;
}

interface PendingSave {
  save: Save;
  resolve(saved: Current): void;
  reject(error: unknown): void;
}

/**
 * PostgreSQL: the updates asked for in one turn of the event loop, made by one statement (one
 * round trip and one commit for all). Each caller learns whether its row was written; if the
 * statement fails, none was, and each caller saves on its own.
 */
class BatchedUpdates {
  private pending: Array<WorkbookUpdate & { done(written: boolean): void }> = [];

  constructor(private readonly db: Db) {}

  write(update: WorkbookUpdate): Promise<boolean> {
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
      const rows = await updateWorkbooks(this.db, batch);
      written = new Set(rows.map((row) => keyOf(row.orgId, row.userId)));
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
 * One workbook per learner per organisation, merged field by field on every save (docs/design.md §8).
 *
 * A save merges into the stored workbook and writes the result only over the version it merged
 * into (optimistic concurrency): if another save got there first, it reads again and merges
 * again, so concurrent saves from several tabs, devices or server processes all survive. The
 * workbook a process last wrote is kept in memory, so a save usually makes one statement.
 *
 * Worksheets saved without ids get them in the merge (assignWorksheetIds), and a save that
 * would take a topic over the organisation's worksheet cap is refused (400), alone.
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
  /** SQLite runs on this process's one connection, synchronously (see saveInNextCommit). */
  private readonly isSync: boolean;

  /** `clock`: this server's time (a test of the merge moves it on by itself). */
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.updates = new BatchedUpdates(db);
    this.isSync = canWriteWorkbooksSync(db);
  }

  /** The stored answer as JSON text, without parsing the workbook. */
  private now(): string {
    return this.clock().toISOString();
  }

  async getJson(orgId: string, userId: string): Promise<string> {
    const record = await findWorkbook(this.db, orgId, userId);
    return record
      ? workbookAnswerJson(record.data, record.version, record.updatedAt, [], this.now())
      : workbookAnswerJson(EMPTY_JSON, 0, new Date(0).toISOString(), [], this.now());
  }

  async get(orgId: string, userId: string): Promise<StoredWorkbook> {
    const record = await findWorkbook(this.db, orgId, userId);
    if (!record)
      return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
    const { workbook, version, updatedAt } = fromRecord(record, this.now());
    return { workbook, version, updatedAt };
  }

  /**
   * Merges `incoming` into the stored workbook; answers the result once it is written. `limits`
   * are the organisation's (`settings.constraints`).
   */
  async save(
    orgId: string,
    userId: string,
    incoming: WorkbookSave,
    limits: WorkbookLimits,
  ): Promise<StoredWorkbook & { json: string; conflicts: WorkbookConflict[] }> {
    const save: Save = { key: keyOf(orgId, userId), orgId, userId, incoming, limits };
    const saved = this.isSync
      ? await this.saveInNextCommit(save)
      : await this.queue.run(save.key, () => this.saveBatched(save));
    return {
      workbook: saved.workbook,
      version: saved.version,
      updatedAt: saved.updatedAt,
      conflicts: saved.conflicts ?? [],
      json: workbookAnswerJson(
        saved.data,
        saved.version,
        saved.updatedAt,
        saved.conflicts,
        this.now(),
      ),
    };
  }

  /**
   * SQLite: the saves that arrive in one turn of the event loop are written in one transaction
   * (group commit), and each is answered once that transaction is committed.
   */
  private saveInNextCommit(save: Save): Promise<Current> {
    return new Promise((resolve, reject) => {
      this.pending.push({ save, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.commitPending());
    });
  }

  private commitPending(): void {
    const db = this.db;
    // A transaction of Kysely's (a sign-up, a content import) may be open on the connection,
    // waiting between its statements: the batch waits for it to end.
    // (Not for ever: after 5 s, BEGIN fails and the batch's saves answer an error.)
    if (isTransactionOpenSync(db) && Date.now() - (this.waitingSince ??= Date.now()) < 5_000) {
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
      beginSync(db);
      for (const { save } of batch) {
        try {
          const saved = this.saveSync(save, written);
          written.set(save.key, saved);
          outcomes.push({ saved });
        } catch (error) {
          // A failed statement is undone alone (the others of the batch go on), unless SQLite
          // had to end the transaction: then nothing of the batch is written. A refused save
          // wrote nothing.
          if (!isTransactionOpenSync(db)) throw error;
          outcomes.push({ error });
        }
      }
      commitSync(db);
    } catch (error) {
      if (isTransactionOpenSync(db)) rollbackSync(db);
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

  private saveSync(save: Save, written: Map<string, Current>): Current {
    const { key, orgId, userId } = save;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const cached = attempt === 0 ? (written.get(key) ?? this.recent.get(key)) : undefined;
      let base = cached;
      if (!base) {
        const record = findWorkbookSync(this.db, orgId, userId);
        base = record && fromRecord(record, this.now());
      }
      const next = this.mergedOrRetry(base, save, cached !== undefined);
      if (!next) continue;
      const changed = base
        ? updateWorkbookSync(this.db, {
            orgId,
            userId,
            record: next,
            expectedVersion: base.version,
          })
        : insertWorkbookSync(this.db, orgId, userId, next);
      if (changed) return next;
      this.recent.delete(key);
    }
    throw busy();
  }

  /**
   * PostgreSQL: a save whose stored workbook this process wrote last joins the saves of other
   * learners made in the same turn of the event loop, all written by one UPDATE; anything else
   * (first save, a workbook changed elsewhere, a failed batch) is saved on its own.
   */
  private async saveBatched(save: Save): Promise<Current> {
    const { key, orgId, userId } = save;
    const base = this.recent.get(key);
    if (!base) return this.saveAsync(save);
    const next = this.mergedOrRetry(base, save, true);
    if (
      next &&
      (await this.updates.write({ orgId, userId, record: next, expectedVersion: base.version }))
    ) {
      this.recent.set(key, next);
      return next;
    }
    this.recent.delete(key);
    return this.saveAsync(save);
  }

  private async saveAsync(save: Save): Promise<Current> {
    const { key, orgId, userId } = save;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const cached = this.recent.get(key);
      let base = cached;
      if (!base) {
        const record = await findWorkbook(this.db, orgId, userId);
        base = record && fromRecord(record, this.now());
      }
      const next = this.mergedOrRetry(base, save, cached !== undefined);
      if (!next) continue;
      const written = base
        ? await updateWorkbook(this.db, {
            orgId,
            userId,
            record: next,
            expectedVersion: base.version,
          })
        : await insertWorkbook(this.db, orgId, userId, next);
      if (written) {
        this.recent.set(key, next);
        return next;
      }
      this.recent.delete(key);
    }
    throw busy();
  }

  /**
   * The save merged into `base`. A save refused on a copy kept in memory answers undefined
   * (and the copy is dropped), to be merged again into the stored workbook: the copy may be
   * stale (another process may have removed a worksheet meanwhile), and no write checks it then.
   */
  private mergedOrRetry(base: Current | undefined, save: Save, isCached: boolean) {
    try {
      return merged(base, save, this.now());
    } catch (error) {
      if (!(isCached && error instanceof DomainError)) throw error;
      this.recent.delete(save.key);
      return undefined;
    }
  }
}

/** A new worksheet's id, in the web app's form (128 random bits, hex). */
const newWorksheetId = () => `ws-${randomUUID().replaceAll('-', '')}`;

function merged(base: Current | undefined, save: Save, updatedAt: string): Current {
  // The stored workbook's times are bounded already (when written, or read: fromRecord).
  const stored = base?.workbook ?? emptyWorkbook();
  const withIds = assignWorksheetIds(stored, save.incoming, newWorksheetId, updatedAt);
  // Field times belong to the server: each edit the save brings is timed here (stampEdits);
  // the other times it carries are bounded by this server's clock.
  const { workbook: stamped, conflicts } = stampEdits(stored, withIds, updatedAt);
  const workbook = mergeWorkbooks(stored, boundEditTimes(stamped, updatedAt));
  const over = worksheetsOverCap(stored, workbook, save.limits.maxTopicWorksheets);
  if (over.length) throw tooManyWorksheets(over, save.limits.maxTopicWorksheets);
  return {
    workbook,
    data: JSON.stringify(workbook),
    version: (base?.version ?? 0) + 1,
    updatedAt,
    ...(conflicts.length && { conflicts }),
  };
}

function tooManyWorksheets(over: Array<{ topicId: string; count: number }>, max: number) {
  const atMost = errorText(max === 1 ? 'atMostWorksheet' : 'atMostWorksheets', { max });
  const topics = over.map((o) => `"${o.topicId}" (${o.count})`).join(', ');
  return invalid(
    errorText('tooManyWorksheets', { atMost, topics }),
    Object.fromEntries(over.map((o) => [`workbook.topics.${o.topicId}`, atMost])),
  );
}

const busy = () => unavailable('workbookBusy');
