import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { canWriteWorkbooksSync } from '../../db/repositories/workbooks';
import type { UseCaseArgs } from '../use-cases';
import { BatchedUpdates, KeyedQueue } from './batching';
import type { Current, WorkbooksContext } from './context';
import { get, getJson } from './reading';
import { saveWorkbook } from './saving';

export type { StoredWorkbook, WorkbookLimits } from './context';

/** Workbooks last saved by this process, kept parsed so that the next save need not read them. */
const RECENT_BYTES = 64 * 1024 * 1024;

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
 *
 * One use case per module: reading.ts, saving.ts (PostgreSQL), sqlite-commit.ts (SQLite),
 * merge.ts.
 */
export class WorkbookService {
  private readonly ctx: WorkbooksContext;

  /** `clock`: this server's time (a test of the merge moves it on by itself). */
  constructor(db: Db, clock: () => Date = () => new Date()) {
    this.ctx = {
      db,
      clock,
      recent: new LRUCache<string, Current>({
        maxSize: RECENT_BYTES,
        sizeCalculation: (current) => current.data.length * 2 + 256,
      }),
      queue: new KeyedQueue(),
      pending: [],
      waitingSince: undefined,
      updates: new BatchedUpdates(db),
      isSync: canWriteWorkbooksSync(db),
    };
  }

  /** The stored answer as JSON text, without parsing the workbook. */
  getJson(...args: UseCaseArgs<typeof getJson>) {
    return getJson(this.ctx, ...args);
  }

  get(...args: UseCaseArgs<typeof get>) {
    return get(this.ctx, ...args);
  }

  /**
   * Merges `incoming` into the stored workbook; answers the result once it is written. `limits`
   * are the organisation's (`settings.constraints`).
   */
  save(...args: UseCaseArgs<typeof saveWorkbook>) {
    return saveWorkbook(this.ctx, ...args);
  }
}
