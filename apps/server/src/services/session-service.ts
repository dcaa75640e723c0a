import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import {
  findLiveSession,
  findLiveSessionAnywhere,
  insertSession,
  revokeSession,
  revokeSessionsOf,
  revokeSessionsOfExcept,
} from '../db/repositories/sessions';
import { hashToken, newToken } from './tokens';

export interface Session {
  userId: string;
  orgId: string;
}

/** A session as verified, and until when it is trusted without asking again. */
interface Verified extends Session {
  until: number;
}

const DAY_MS = 86_400_000;

/** How long a verified token is trusted before the database is asked again. */
const VERIFIED_MS = 1_000;

/** Sign-in tokens: opaque, stored hashed, bound to one organisation, expiring, revocable. */
export class SessionService {
  /**
   * Recently verified tokens, by hash and organisation: a burst of requests (or thousands of open
   * message streams) asks the database once a second, and requests at the same moment share one
   * query. A revocation drops them on every process at once.
   */
  private readonly verified: NamedCache<{ hash: string; orgId: string }, Verified>;

  constructor(
    private readonly db: Db,
    private readonly days: number,
    private readonly caches: Caches,
  ) {
    this.verified = caches.define('sessions', {
      max: 10_000,
      key: ({ hash, orgId }) => `${hash}\u0000${orgId}`,
      load: async ({ hash, orgId }) => {
        const now = Date.now();
        const row = await findLiveSession(db, hash, orgId, new Date(now).toISOString());
        if (!row) return undefined;
        // Never trusted past the token's own expiry.
        return {
          userId: row.userId,
          orgId: row.orgId,
          until: Math.min(now + VERIFIED_MS, Date.parse(row.expiresAt)),
        };
      },
      dependsOn: ({ hash }, session) => [
        { session: { token: hash } },
        { account: { user: session.userId } },
      ],
      ttlMs: (session) => Math.max(1, session.until - Date.now()),
    });
  }

  async create(userId: string, orgId: string): Promise<string> {
    const { token, hash } = newToken();
    const now = Date.now();
    await insertSession(this.db, {
      tokenHash: hash,
      userId,
      orgId,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.days * DAY_MS).toISOString(),
    });
    return token;
  }

  /**
   * The session of `token` in organisation `orgId`, if it is still good; a token of another
   * organisation is refused. Logout and password resets in this process take effect at once;
   * another server sees them within a second.
   */
  async find(token: string, orgId: string): Promise<Session | null> {
    const session = await this.verified.get({ hash: hashToken(token), orgId });
    return session ? { userId: session.userId, orgId: session.orgId } : null;
  }

  /**
   * The session of `token` in whichever organisation it belongs to: for a route that must know
   * who asks before it reads a body that names the organisation (uploads).
   */
  async findAnywhere(token: string): Promise<Session | null> {
    const row = await findLiveSessionAnywhere(this.db, hashToken(token), new Date().toISOString());
    return row ? { userId: row.userId, orgId: row.orgId } : null;
  }

  async revoke(token: string): Promise<void> {
    const hash = hashToken(token);
    await revokeSession(this.db, hash, new Date().toISOString());
    // The revocation is stored: other processes forget the token at once, or (their bus away)
    // within their second of trust (VERIFIED_MS), as without Redis.
    await this.caches.changed({ session: { token: hash } });
  }

  /** Ends every session of the account but the one of `keepToken`. */
  async revokeOthersOf(userId: string, keepToken: string): Promise<void> {
    await revokeSessionsOfExcept(this.db, userId, hashToken(keepToken), new Date().toISOString());
    await this.caches.changed({ account: { user: userId } });
  }

  async revokeAllOf(userId: string): Promise<void> {
    await revokeSessionsOf(this.db, userId, new Date().toISOString());
    await this.caches.changed({ account: { user: userId } });
  }
}
