import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Sign-in attempts at an account are forgotten this long after the last one. */
export const GUESS_WINDOW_MS = 15 * 60_000;
/** Redis is given this long to count an attempt; then the sign-in goes on without a slow-down. */
const REDIS_WAIT_MS = 500;

/**
 * Sign-in attempts at each account since its last right password, from any address (issue 16 F8:
 * guesses from many addresses slow down). With REDIS_URL they are counted in Redis, so that every
 * process behind a load balancer sees the same count; else in this process.
 */
export interface GuessCounter {
  /**
   * Counts an attempt at the account and answers how many there were in the window, this one
   * included: atomic, so concurrent guesses each get their own number.
   */
  count(userId: string): Promise<number>;
  /** The right password: the account's attempts are forgotten. */
  clear(userId: string): Promise<void>;
}

/** In this process (no REDIS_URL): forgotten GUESS_WINDOW_MS after the last attempt. */
export class MemoryGuessCounter implements GuessCounter {
  private readonly attempts = new LRUCache<string, number>({ max: 100_000, ttl: GUESS_WINDOW_MS });

  async count(userId: string): Promise<number> {
    const n = (this.attempts.get(userId) ?? 0) + 1;
    this.attempts.set(userId, n);
    return n;
  }

  async clear(userId: string): Promise<void> {
    this.attempts.delete(userId);
  }
}

/**
 * In Redis, under `{REDIS_PREFIX}login-guesses:{userId}`: INCR and PEXPIRE in one MULTI, so the
 * count and its expiry move together. A Redis that fails or does not answer within REDIS_WAIT_MS
 * counts nothing (0): sign-ins go on without a slow-down, as the rate limits let requests through.
 */
export class RedisGuessCounter implements GuessCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private key(userId: string): string {
    return `${this.prefix}login-guesses:${userId}`;
  }

  async count(userId: string): Promise<number> {
    const key = this.key(userId);
    const answer = await this.bounded(
      this.redis.multi().incr(key).pexpire(key, GUESS_WINDOW_MS).exec(),
    );
    const n = answer?.[0]?.[1];
    return typeof n === 'number' ? n : 0;
  }

  async clear(userId: string): Promise<void> {
    await this.bounded(this.redis.del(this.key(userId)));
  }

  private async bounded<T>(command: Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        command,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer')), REDIS_WAIT_MS);
        }),
      ]);
    } catch (err) {
      this.onError(err);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
