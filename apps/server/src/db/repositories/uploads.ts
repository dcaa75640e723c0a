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
