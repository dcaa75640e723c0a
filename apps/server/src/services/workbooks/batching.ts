import type { Db } from '../../db/database';
import { updateWorkbooks, type WorkbookUpdate } from '../../db/repositories/workbooks';

/** One learner's workbook in one organisation: the key of the cache, the queue and batches. */
export const keyOf = (orgId: string, userId: string) => `${orgId}\u0000${userId}`;

/**
 * PostgreSQL: the updates asked for in one turn of the event loop, made by one statement (one
 * round trip and one commit for all). Each caller learns whether its row was written; if the
 * statement fails, none was, and each caller saves on its own.
 */
export class BatchedUpdates {
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
export class KeyedQueue {
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
