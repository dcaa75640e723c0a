import { randomBytes } from 'node:crypto';
import { errorText, type PlainErrorCode } from '@portal/domain';
import { inTransaction, type Executor } from '../../db/repositories/executor';
import {
  deleteUploadReservation,
  insertUploadReservation,
  lockUploadQuotas,
  quotaUse,
  setUploadReservationBytes,
  type QuotaUse,
} from '../../db/repositories/uploads';
import { tooLarge, tooManyRequests } from '../errors';
import type { UploadHold, UploadsContext } from './context';

const HOUR_MS = 3_600_000;

const MB = 1_000_000;
/** A quota in MB as the messages give it (one decimal at most). */
const inMb = (bytes: number) => String(Math.round((bytes / MB) * 10) / 10);

/** How much more an upload in progress holds each time it outgrows what it holds. */
const HOLD_STEP = 1_048_576;

/**
 * Refuses (429) an account that has used its uploads of the last hour, saying when it may
 * upload again. Uploads are counted in the database, so the quota holds across processes;
 * uploads in progress count with the bytes they hold.
 */
export async function checkQuota(
  ctx: UploadsContext,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const use = await quotaUse(ctx.db, { userId }, new Date(now - HOUR_MS).toISOString());
  refuseIfFull(ctx, use, ctx.quota.perHour, ctx.quota.bytesPerHour, 'uploadQuota', now);
}

/** 429 when `use` leaves no room, with the time the oldest stored uploads free enough. */
function refuseIfFull(
  ctx: UploadsContext,
  use: QuotaUse,
  perHour: number,
  bytesPerHour: number,
  message: PlainErrorCode,
  now: number,
): void {
  let { count, bytes } = use;
  if (count < perHour && bytes < bytesPerHour) return;
  // Free again once enough of the oldest uploads are over an hour old.
  let freeAt = now + HOUR_MS;
  for (const upload of use.stored) {
    if (count < perHour && bytes < bytesPerHour) break;
    count -= 1;
    bytes -= upload.size;
    freeAt = Date.parse(upload.createdAt) + HOUR_MS;
  }
  if (count >= perHour || bytes >= bytesPerHour) freeAt = now + HOUR_MS;
  throw tooManyRequests(message, (freeAt - now) / 1_000);
}

/**
 * Checks the quotas of the account and of its address with `bytes` more on them, in one
 * transaction that holds the organisation's quotas: 429 when a quota is used up already,
 * 413 when these bytes would take it past its limit. `hold` is the upload growing, if any.
 */
async function withRoom<T>(
  ctx: UploadsContext,
  who: { orgId: string; userId: string; address: string },
  bytes: number,
  write: (tx: Executor) => Promise<T>,
  counts: boolean,
): Promise<T> {
  const now = Date.now();
  const since = new Date(now - HOUR_MS).toISOString();
  return inTransaction(ctx.db, async (tx) => {
    await lockUploadQuotas(tx, who.orgId);
    const mine = await quotaUse(tx, { userId: who.userId }, since);
    const address = await quotaUse(tx, { orgId: who.orgId, address: who.address }, since);
    if (counts) {
      refuseIfFull(ctx, mine, ctx.quota.perHour, ctx.quota.bytesPerHour, 'uploadQuota', now);
      refuseIfFull(
        ctx,
        address,
        Number.POSITIVE_INFINITY,
        ctx.quota.bytesPerAddressPerHour,
        'addressUploadQuota',
        now,
      );
    }
    if (mine.bytes + bytes > ctx.quota.bytesPerHour)
      throw tooLarge(errorText('uploadOverQuota', { max: inMb(ctx.quota.bytesPerHour) }), {
        file: 'overUploadLimit',
      });
    if (address.bytes + bytes > ctx.quota.bytesPerAddressPerHour)
      throw tooLarge(
        errorText('addressOverQuota', { max: inMb(ctx.quota.bytesPerAddressPerHour) }),
        {
          file: 'overUploadLimit',
        },
      );
    return write(tx);
  });
}

/**
 * Before a byte of the body is read: holds `bytes` (the declared length, or a first step when
 * none is declared) for an upload of the account from `address`, or refuses it (429 / 413).
 */
export async function holdBytes(
  ctx: UploadsContext,
  who: { orgId: string; userId: string; address: string },
  bytes: number,
): Promise<UploadHold> {
  const hold: UploadHold = { id: randomBytes(16).toString('hex'), ...who, bytes };
  await withRoom(
    ctx,
    who,
    bytes,
    (tx) => insertUploadReservation(tx, { ...hold, at: new Date().toISOString() }),
    true,
  );
  return hold;
}

/** An upload in progress has received `size` bytes: it holds at least as many, or is refused (413). */
export async function growHold(ctx: UploadsContext, hold: UploadHold, size: number): Promise<void> {
  if (size <= hold.bytes) return;
  // A step ahead, so that a long upload asks the database now and then, not for every chunk;
  // exactly what arrived when the step does not fit.
  const ahead = Math.max(size, Math.min(size + HOLD_STEP, ctx.maxBytes + 64 * 1024));
  for (const bytes of ahead > size ? [ahead, size] : [size]) {
    try {
      await withRoom(
        ctx,
        hold,
        bytes - hold.bytes,
        (tx) => setUploadReservationBytes(tx, hold.id, bytes),
        false,
      );
      hold.bytes = bytes;
      return;
    } catch (err) {
      if (bytes === size) throw err;
    }
  }
}

/** An upload in progress ended (stored, refused or cut off): its bytes no longer count. */
export async function release(ctx: UploadsContext, hold: UploadHold): Promise<void> {
  await deleteUploadReservation(ctx.db, hold.id);
}
