import type { WorkbookConflict, WorkbookSave } from '@portal/domain';
import { findWorkbook, insertWorkbook, updateWorkbook } from '../../db/repositories/workbooks';
import { workbookAnswerJson } from '../../presenters/workbooks';
import { keyOf } from './batching';
import {
  busy,
  fromRecord,
  MAX_ATTEMPTS,
  now,
  type Current,
  type Save,
  type StoredWorkbook,
  type WorkbookLimits,
  type WorkbooksContext,
} from './context';
import { mergedOrRetry } from './merge';
import { saveInNextCommit } from './sqlite-commit';

/**
 * Merges `incoming` into the stored workbook; answers the result once it is written. `limits`
 * are the organisation's (`settings.constraints`).
 */
export async function saveWorkbook(
  ctx: WorkbooksContext,
  orgId: string,
  userId: string,
  incoming: WorkbookSave,
  limits: WorkbookLimits,
): Promise<StoredWorkbook & { json: string; conflicts: WorkbookConflict[] }> {
  const save: Save = { key: keyOf(orgId, userId), orgId, userId, incoming, limits };
  const saved = ctx.isSync
    ? await saveInNextCommit(ctx, save)
    : await ctx.queue.run(save.key, () => saveBatched(ctx, save));
  return {
    workbook: saved.workbook,
    version: saved.version,
    updatedAt: saved.updatedAt,
    conflicts: saved.conflicts ?? [],
    json: workbookAnswerJson(saved.data, saved.version, saved.updatedAt, saved.conflicts, now(ctx)),
  };
}

/**
 * PostgreSQL: a save whose stored workbook this process wrote last joins the saves of other
 * learners made in the same turn of the event loop, all written by one UPDATE; anything else
 * (first save, a workbook changed elsewhere, a failed batch) is saved on its own.
 */
async function saveBatched(ctx: WorkbooksContext, save: Save): Promise<Current> {
  const { key, orgId, userId } = save;
  const base = ctx.recent.get(key);
  if (!base) return saveAsync(ctx, save);
  const next = mergedOrRetry(ctx, base, save, true);
  if (
    next &&
    (await ctx.updates.write({ orgId, userId, record: next, expectedVersion: base.version }))
  ) {
    ctx.recent.set(key, next);
    return next;
  }
  ctx.recent.delete(key);
  return saveAsync(ctx, save);
}

async function saveAsync(ctx: WorkbooksContext, save: Save): Promise<Current> {
  const { key, orgId, userId } = save;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const cached = ctx.recent.get(key);
    let base = cached;
    if (!base) {
      const record = await findWorkbook(ctx.db, orgId, userId);
      base = record && fromRecord(record, now(ctx));
    }
    const next = mergedOrRetry(ctx, base, save, cached !== undefined);
    if (!next) continue;
    const written = base
      ? await updateWorkbook(ctx.db, {
          orgId,
          userId,
          record: next,
          expectedVersion: base.version,
        })
      : await insertWorkbook(ctx.db, orgId, userId, next);
    if (written) {
      ctx.recent.set(key, next);
      return next;
    }
    ctx.recent.delete(key);
  }
  throw busy();
}
