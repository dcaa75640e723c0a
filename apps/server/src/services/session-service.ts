import { LRUCache } from 'lru-cache';
import type { PubSub } from '../adapters/pubsub/pubsub';
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

const DAY_MS = 86_400_000;

/** How long a verified token is trusted before the database is asked again. */
const VERIFIED_MS = 1_000;

/** Sign-in tokens: opaque, stored hashed, bound to one organisation, expiring, revocable. */
export class SessionService {
  /** Recently verified tokens, by hash: a burst of requests asks the database once a second. */
  private readonly verified = new LRUCache<string, Session & { until: number }>({
    max: 10_000,
    ttl: VERIFIED_MS,
  });

  /**
   * Lookups under way, by token hash and organisation: requests (or thousands of open message
   * streams) that need a token at the same moment share one query.
   */
  private readonly pending = new Map<string, Promise<Session | null>>();

  constructor(
    private readonly db: Db,
    private readonly days: number,
  ) {}

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
    const hash = hashToken(token);
    const now = Date.now();
    const hit = this.verified.get(hash);
    if (hit && hit.until > now) return hit.orgId === orgId ? { userId: hit.userId, orgId } : null;
    const key = `${hash}\u0000${orgId}`;
    let lookup = this.pending.get(key);
    if (!lookup) {
      lookup = this.lookup(hash, orgId, now).finally(() => this.pending.delete(key));
      this.pending.set(key, lookup);
    }
    return lookup;
  }

  /**
   * The session of `token` in whichever organisation it belongs to: for a route that must know
   * who asks before it reads a body that names the organisation (uploads).
   */
  async findAnywhere(token: string): Promise<Session | null> {
    const hash = hashToken(token);
    const hit = this.verified.get(hash);
    if (hit && hit.until > Date.now()) return { userId: hit.userId, orgId: hit.orgId };
    const row = await findLiveSessionAnywhere(this.db, hash, new Date().toISOString());
    return row ? { userId: row.userId, orgId: row.orgId } : null;
  }

  private async lookup(hash: string, orgId: string, now: number): Promise<Session | null> {
    const row = await findLiveSession(this.db, hash, orgId, new Date(now).toISOString());
    if (!row) {
      this.verified.delete(hash);
      return null;
    }
    // Never trusted past the token's own expiry.
    const until = Math.min(now + VERIFIED_MS, Date.parse(row.expiresAt));
    this.verified.set(hash, { userId: row.userId, orgId: row.orgId, until });
    return { userId: row.userId, orgId: row.orgId };
  }

  /**
   * Other processes forget what they verified of a revoked token at once (issue 16, point 4):
   * revocations are published on `channel` of the bus (Redis with REDIS_URL), and those of the
   * other processes heard. Without Redis the bus is this process's: nothing changes.
   */
  shareRevocations(bus: PubSub, channel: string): void {
    this.bus = { pubsub: bus, channel };
    bus.subscribe(channel, (payload) => {
      if (payload.startsWith('token:')) this.forgetToken(payload.slice('token:'.length));
      else if (payload.startsWith('user:')) this.forgetUser(payload.slice('user:'.length));
    });
  }

  private bus: { pubsub: PubSub; channel: string } | undefined;

  private forgetToken(hash: string): void {
    this.verified.delete(hash);
    for (const key of this.pending.keys())
      if (key.startsWith(`${hash}\u0000`)) this.pending.delete(key);
  }

  private forgetUser(userId: string): void {
    for (const [hash, session] of this.verified.entries())
      if (session.userId === userId) this.verified.delete(hash);
  }

  private async publish(payload: string): Promise<void> {
    // The revocation is stored already; a bus that fails leaves the other processes their
    // one second of trust (VERIFIED_MS), as without Redis.
    await this.bus?.pubsub.publish(this.bus.channel, payload).catch(() => undefined);
  }

  async revoke(token: string): Promise<void> {
    const hash = hashToken(token);
    this.forgetToken(hash);
    await revokeSession(this.db, hash, new Date().toISOString());
    await this.publish(`token:${hash}`);
  }

  /** Ends every session of the account but the one of `keepToken`. */
  async revokeOthersOf(userId: string, keepToken: string): Promise<void> {
    this.forgetUser(userId);
    await revokeSessionsOfExcept(this.db, userId, hashToken(keepToken), new Date().toISOString());
    await this.publish(`user:${userId}`);
  }

  async revokeAllOf(userId: string): Promise<void> {
    this.forgetUser(userId);
    await revokeSessionsOf(this.db, userId, new Date().toISOString());
    await this.publish(`user:${userId}`);
  }
}
