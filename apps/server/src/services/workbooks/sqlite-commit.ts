import {
  beginSync,
  commitSync,
  findWorkbookSync,
  insertWorkbookSync,
  isTransactionOpenSync,
  rollbackSync,
  updateWorkbookSync,
} from '../../db/repositories/workbooks';
import {
  busy,
  fromRecord,
  MAX_ATTEMPTS,
  now,
  type Current,
  type Save,
  type WorkbooksContext,
} from './context';
import { mergedOrRetry } from './merge';

/**
 * SQLite: the saves that arrive in one turn of the event loop are written in one transaction
 * (group commit), and each is answered once that transaction is committed.
 */
export function saveInNextCommit(ctx: WorkbooksContext, save: Save): Promise<Current> {
  return new Promise((resolve, reject) => {
    ctx.pending.push({ save, resolve, reject });
    if (ctx.pending.length === 1) setImmediate(() => commitPending(ctx));
  });
}

function commitPending(ctx: WorkbooksContext): void {
  const db = ctx.db;
  // A transaction of Kysely's (a sign-up, a content import) may be open on the connection,
  // waiting between its statements: the batch waits for it to end.
  // (Not for ever: after 5 s, BEGIN fails and the batch's saves answer an error.)
  if (isTransactionOpenSync(db) && Date.now() - (ctx.waitingSince ??= Date.now()) < 5_000) {
    setTimeout(() => commitPending(ctx), 1);
    return;
  }
  ctx.waitingSince = undefined;
  const batch = ctx.pending;
  ctx.pending = [];
  // Within the batch, a learner's next save merges into the one before it.
  const written = new Map<string, Current>();
  const outcomes: Array<{ saved: Current } | { error: unknown }> = [];
  try {
    beginSync(db);
    for (const { save } of batch) {
      try {
        const saved = saveSync(ctx, save, written);
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
  for (const [key, current] of written) ctx.recent.set(key, current);
  batch.forEach((save, i) => {
    const outcome = outcomes[i]!;
    if ('saved' in outcome) save.resolve(outcome.saved);
    else save.reject(outcome.error);
  });
}

function saveSync(ctx: WorkbooksContext, save: Save, written: Map<string, Current>): Current {
  const { key, orgId, userId } = save;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const cached = attempt === 0 ? (written.get(key) ?? ctx.recent.get(key)) : undefined;
    let base = cached;
    if (!base) {
      const record = findWorkbookSync(ctx.db, orgId, userId);
      base = record && fromRecord(record, now(ctx));
    }
    const next = mergedOrRetry(ctx, base, save, cached !== undefined);
    if (!next) continue;
    const changed = base
      ? updateWorkbookSync(ctx.db, {
          orgId,
          userId,
          record: next,
          expectedVersion: base.version,
        })
      : insertWorkbookSync(ctx.db, orgId, userId, next);
    if (changed) return next;
    ctx.recent.delete(key);
  }
  throw busy();
}
