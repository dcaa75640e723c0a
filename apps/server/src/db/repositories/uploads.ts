import type { Executor } from './executor';

export interface StoredUpload {
  publicId: string;
  orgId: string;
  userId: string;
  storageKey: string;
  url: string;
  originalFilename: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** The client address it came from. */
  address?: string | null;
}

export async function insertUpload(db: Executor, upload: StoredUpload): Promise<void> {
  await db.kysely
    .insertInto('uploads')
    .values({
      public_id: upload.publicId,
      org_id: upload.orgId,
      user_id: upload.userId,
      storage_key: upload.storageKey,
      url: upload.url,
      original_filename: upload.originalFilename,
      content_type: upload.contentType,
      size: upload.size,
      created_at: upload.createdAt,
      address: upload.address ?? null,
    })
    .execute();
}

/** One learner's own upload in one organisation: nobody else's is ever found. */
export async function findOwnUpload(
  db: Executor,
  orgId: string,
  userId: string,
  publicId: string,
): Promise<StoredUpload | null> {
  const row = await db.kysely
    .selectFrom('uploads')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        publicId: row.public_id,
        orgId: row.org_id,
        userId: row.user_id,
        storageKey: row.storage_key,
        url: row.url,
        originalFilename: row.original_filename,
        contentType: row.content_type,
        size: Number(row.size),
        createdAt: row.created_at,
      }
    : null;
}

export async function deleteUpload(db: Executor, publicId: string): Promise<void> {
  await db.kysely.deleteFrom('uploads').where('public_id', '=', publicId).execute();
}

/** One account's uploads since `since`, oldest first: what its hourly quota counts. */
export async function uploadsSince(
  db: Executor,
  userId: string,
  since: string,
): Promise<{ size: number; createdAt: string }[]> {
  const rows = await db.kysely
    .selectFrom('uploads')
    .select(['size', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ size: Number(r.size), createdAt: r.created_at }));
}

/** What counts against the hourly quotas: stored uploads and uploads in progress. */
export interface QuotaUse {
  count: number;
  bytes: number;
  /** Sizes and times of the stored uploads, oldest first (when the quota frees up again). */
  stored: { size: number; createdAt: string }[];
}

/**
 * Holds the quotas of an organisation's uploads until the transaction ends (PostgreSQL: the
 * organisation's row, FOR UPDATE), so that two uploads at the same moment cannot both take the
 * room left. SQLite runs one transaction at a time already.
 */
export async function lockUploadQuotas(tx: Executor, orgId: string): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.kysely
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', orgId)
    .forUpdate()
    .execute();
}

/** The uploads and uploads in progress of one account (or of one address in an organisation) since `since`. */
export async function quotaUse(
  db: Executor,
  who: { userId: string } | { orgId: string; address: string },
  since: string,
): Promise<QuotaUse> {
  let stored = db.kysely
    .selectFrom('uploads')
    .select(['size', 'created_at'])
    .where('created_at', '>', since);
  let held = db.kysely
    .selectFrom('upload_reservations')
    .select(['bytes'])
    .where('created_at', '>', since);
  if ('userId' in who) {
    stored = stored.where('user_id', '=', who.userId);
    held = held.where('user_id', '=', who.userId);
  } else {
    stored = stored.where('org_id', '=', who.orgId).where('address', '=', who.address);
    held = held.where('org_id', '=', who.orgId).where('address', '=', who.address);
  }
  const rows = await stored.orderBy('created_at').execute();
  const holds = await held.execute();
  const storedList = rows.map((r) => ({ size: Number(r.size), createdAt: r.created_at }));
  return {
    count: storedList.length + holds.length,
    bytes:
      storedList.reduce((sum, u) => sum + u.size, 0) +
      holds.reduce((sum, h) => sum + Number(h.bytes), 0),
    stored: storedList,
  };
}

export async function insertUploadReservation(
  db: Executor,
  hold: { id: string; orgId: string; userId: string; address: string; bytes: number; at: string },
): Promise<void> {
  await db.kysely
    .insertInto('upload_reservations')
    .values({
      id: hold.id,
      org_id: hold.orgId,
      user_id: hold.userId,
      address: hold.address,
      bytes: hold.bytes,
      created_at: hold.at,
    })
    .execute();
}

export async function setUploadReservationBytes(
  db: Executor,
  id: string,
  bytes: number,
): Promise<void> {
  await db.kysely.updateTable('upload_reservations').set({ bytes }).where('id', '=', id).execute();
}

export async function deleteUploadReservation(db: Executor, id: string): Promise<void> {
  await db.kysely.deleteFrom('upload_reservations').where('id', '=', id).execute();
}
