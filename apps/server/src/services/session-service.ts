import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { hashToken, newToken } from './tokens';

export interface Session {
  userId: string;
  orgId: string;
}

const DAY_MS = 86_400_000;

/** How long a verified token is trusted before the database is asked again. */
const VERIFIED_MS = 1_000;

/** Sign-in tokens (design §11): opaque, stored hashed, bound to one organisation, expiring, revocable. */
export class SessionService {
  private readonly findQuery;
  /** Recently verified tokens, by hash: a burst of requests asks the database once a second. */
  private readonly verified = new Map<string, Session & { hash: string; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly days: number,
  ) {
    this.findQuery = prepared(
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

  /**
   * The session of `token` in organisation `orgId`, if it is still good; a token of another
   * organisation is refused. Logout and password resets in this process take effect at once;
   * another server sees them within a second.
   */
  async find(token: string, orgId: string): Promise<Session | null> {
    const hash = hashToken(token);
    const now = Date.now();
    const hit = this.verified.get(hash);
    if (hit && hit.until > now) return hit.orgId === orgId ? { userId: hit.userId, orgId } : null;
    const [row] = await this.findQuery(hash, orgId, new Date(now).toISOString());
    if (!row) {
      this.verified.delete(hash);
      return null;
    }
    if (this.verified.size >= 10_000) this.verified.clear();
    const until = Math.min(now + VERIFIED_MS, Date.parse(row.expires_at));
    this.verified.set(hash, { hash, userId: row.user_id, orgId: row.org_id, until });
    return { userId: row.user_id, orgId: row.org_id };
  }

  async revoke(token: string): Promise<void> {
    this.verified.delete(hashToken(token));
    await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('token_hash', '=', hashToken(token))
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOf(userId: string): Promise<void> {
    for (const [hash, session] of this.verified)
      if (session.userId === userId) this.verified.delete(hash);
    await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
