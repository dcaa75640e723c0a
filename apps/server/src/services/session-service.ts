import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { hashToken, newToken } from './tokens';

export interface Session {
  userId: string;
  orgId: string;
}

const DAY_MS = 86_400_000;

/** Sign-in tokens (design §11): opaque, stored hashed, bound to one organisation, expiring, revocable. */
export class SessionService {
  private readonly findQuery;

  constructor(
    private readonly db: Db,
    private readonly days: number,
  ) {
    this.findQuery = prepared(
      db.kysely,
      (k, hash: string, orgId: string, now: string) =>
        k
          .selectFrom('sessions')
          .select(['user_id', 'org_id'])
          .where('token_hash', '=', hash)
          .where('org_id', '=', orgId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now),
      3,
    );
  }

  async create(userId: string, orgId: string): Promise<string> {
    const { token, hash } = newToken();
    const now = Date.now();
    await this.db.kysely
      .insertInto('sessions')
      .values({
        token_hash: hash,
        user_id: userId,
        org_id: orgId,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + this.days * DAY_MS).toISOString(),
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** The session of `token` in organisation `orgId`, if it is still good; a token of another organisation is refused. */
  async find(token: string, orgId: string): Promise<Session | null> {
    const [row] = await this.findQuery(hashToken(token), orgId, new Date().toISOString());
    return row ? { userId: row.user_id, orgId: row.org_id } : null;
  }

  async revoke(token: string): Promise<void> {
    await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
