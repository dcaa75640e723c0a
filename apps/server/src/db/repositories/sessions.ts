import { prepared } from '../prepared';
import { perDatabase, type Executor } from './executor';

export interface SessionRow {
  userId: string;
  orgId: string;
  expiresAt: string;
}

const findQuery = perDatabase((db) =>
  prepared(
    db.kysely,
    (k, hash: string, orgId: string, now: string) =>
      k
        .selectFrom('sessions')
        .select(['user_id', 'org_id', 'expires_at'])
        .where('token_hash', '=', hash)
        .where('org_id', '=', orgId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now),
    3,
  ),
);

export async function insertSession(
  db: Executor,
  session: {
    tokenHash: string;
    userId: string;
    orgId: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.kysely
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      org_id: session.orgId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The live session of a token hash in one organisation (not revoked, not expired at `now`). */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  orgId: string,
  now: string,
): Promise<SessionRow | null> {
  const [row] = await findQuery(db)(tokenHash, orgId, now);
  return row ? { userId: row.user_id, orgId: row.org_id, expiresAt: row.expires_at } : null;
}

export async function revokeSession(db: Executor, tokenHash: string, at: string): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSessionsOf(db: Executor, userId: string, at: string): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an account but one (the one that changed its password). */
export async function revokeSessionsOfExcept(
  db: Executor,
  userId: string,
  keepHash: string,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('token_hash', '<>', keepHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The live session of a token hash in whichever organisation it belongs to. */
export async function findLiveSessionAnywhere(
  db: Executor,
  tokenHash: string,
  now: string,
): Promise<SessionRow | null> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select(['user_id', 'org_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { userId: row.user_id, orgId: row.org_id, expiresAt: row.expires_at } : null;
}
