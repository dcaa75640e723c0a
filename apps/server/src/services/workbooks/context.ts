import {
  boundEditTimes,
  emptyWorkbook,
  type Workbook,
  type WorkbookConflict,
  type WorkbookSave,
} from '@portal/domain';
import type { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import type { WorkbookRecord } from '../../db/repositories/workbooks';
import { unavailable } from '../errors';
import type { BatchedUpdates, KeyedQueue } from './batching';

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
export interface Current extends StoredWorkbook {
  data: string;
  /** The edits of the save that made it which lost to newer ones (design §8). */
  conflicts?: WorkbookConflict[];
}

/** One save: whose workbook, what it brings, and the limits of its organisation. */
export interface Save {
  key: string;
  orgId: string;
  userId: string;
  incoming: WorkbookSave;
  limits: WorkbookLimits;
}

export interface PendingSave {
  save: Save;
  resolve(saved: Current): void;
  reject(error: unknown): void;
}

/** What the workbook use cases share: the database, the clock and this process's saves. */
export interface WorkbooksContext {
  db: Db;
  /** This server's time (a test of the merge moves it on by itself). */
  clock: () => Date;
  /** Workbooks last saved by this process, kept parsed so that the next save need not read them. */
  recent: LRUCache<string, Current>;
  queue: KeyedQueue;
  /** SQLite: the saves waiting for the next group commit (sqlite-commit.ts). */
  pending: PendingSave[];
  waitingSince: number | undefined;
  updates: BatchedUpdates;
  /** SQLite runs on this process's one connection, synchronously (see saveInNextCommit). */
  isSync: boolean;
}

export const EMPTY_JSON = JSON.stringify(emptyWorkbook());
/** Saves that lose the race to another process this many times in a row are refused (503). */
export const MAX_ATTEMPTS = 20;

export const fromRecord = (record: WorkbookRecord, now: string): Current => ({
  // A time stored before edit times were checked and bounded (a device's clock a day ahead, or
  // "~") is bounded here, so that it no longer wins over every later edit (issue 16 F9).
  workbook: boundEditTimes(JSON.parse(record.data) as Workbook, now),
  data: record.data,
  version: record.version,
  updatedAt: record.updatedAt,
});

/** This server's time now (`clock`), as stored. */
export function now(ctx: WorkbooksContext): string {
  return ctx.clock().toISOString();
}

export const busy = () => unavailable('workbookBusy');
