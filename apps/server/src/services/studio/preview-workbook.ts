import { emptyWorkbook, type WorkbookConflict, type WorkbookSave } from '@portal/domain';
import type { Db } from '../../db/database';
import {
  deletePreviewWorkbook,
  findPreviewWorkbook,
  insertPreviewWorkbook,
  updatePreviewWorkbook,
} from '../../db/repositories/preview-workbooks';
import { assertMayAuthor, type Viewer } from '../../policies';
import { workbookAnswerJson } from '../../presenters/workbooks';
import { keyOf, type KeyedQueue } from '../workbooks/batching';
import {
  busy,
  EMPTY_JSON,
  fromRecord,
  MAX_ATTEMPTS,
  type StoredWorkbook,
  type WorkbookLimits,
} from '../workbooks/context';
import { merged } from '../workbooks/merge';

/** What the preview workbook's use cases share. */
export interface PreviewWorkbooksContext {
  db: Db;
  clock: () => Date;
  /** An author's saves, one at a time in this process (another process's race is retried). */
  queue: KeyedQueue;
}

const nowOf = (ctx: PreviewWorkbooksContext) => ctx.clock().toISOString();

/** GET /studio/preview/workbook: the author's preview workbook (an empty one before any save). */
export async function previewWorkbookJson(
  ctx: PreviewWorkbooksContext,
  orgId: string,
  viewer: Viewer,
): Promise<string> {
  const userId = assertMayAuthor(viewer);
  const record = await findPreviewWorkbook(ctx.db, orgId, userId);
  return record
    ? workbookAnswerJson(record.data, record.version, record.updatedAt, [], nowOf(ctx))
    : emptyAnswer(ctx);
}

/** The preview workbook of an author (checked by the caller), parsed: grading a preview worksheet. */
export async function previewWorkbook(
  ctx: PreviewWorkbooksContext,
  orgId: string,
  userId: string,
): Promise<StoredWorkbook> {
  const record = await findPreviewWorkbook(ctx.db, orgId, userId);
  if (!record)
    return { workbook: emptyWorkbook(), version: 0, updatedAt: new Date(0).toISOString() };
  const { workbook, version, updatedAt } = fromRecord(record, nowOf(ctx));
  return { workbook, version, updatedAt };
}

/**
 * PUT /studio/preview/workbook: merged field by field into the stored preview workbook exactly as
 * a learner's save is (services/workbooks/merge.ts: server-stamped edit times, newest wins,
 * worksheet ids and cap), and written only over the version it merged into.
 */
export async function savePreviewWorkbook(
  ctx: PreviewWorkbooksContext,
  orgId: string,
  viewer: Viewer,
  incoming: WorkbookSave,
  limits: WorkbookLimits,
): Promise<{ json: string; conflicts: WorkbookConflict[] }> {
  const userId = assertMayAuthor(viewer);
  const save = { key: keyOf(orgId, userId), orgId, userId, incoming, limits };
  return ctx.queue.run(save.key, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const record = await findPreviewWorkbook(ctx.db, orgId, userId);
      const now = nowOf(ctx);
      const base = record && fromRecord(record, now);
      const next = merged(base, save, now);
      const written = base
        ? await updatePreviewWorkbook(ctx.db, orgId, userId, next, base.version)
        : await insertPreviewWorkbook(ctx.db, orgId, userId, next);
      if (written)
        return {
          conflicts: next.conflicts ?? [],
          json: workbookAnswerJson(next.data, next.version, next.updatedAt, next.conflicts, now),
        };
    }
    throw busy();
  });
}

/** DELETE /studio/preview/workbook: the preview starts again from an empty workbook. */
export async function resetPreviewWorkbook(
  ctx: PreviewWorkbooksContext,
  orgId: string,
  viewer: Viewer,
): Promise<string> {
  const userId = assertMayAuthor(viewer);
  return ctx.queue.run(keyOf(orgId, userId), async () => {
    await deletePreviewWorkbook(ctx.db, orgId, userId);
    return emptyAnswer(ctx);
  });
}

function emptyAnswer(ctx: PreviewWorkbooksContext): string {
  return workbookAnswerJson(EMPTY_JSON, 0, new Date(0).toISOString(), [], nowOf(ctx));
}
