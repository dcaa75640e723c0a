import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Db } from '../db/database';
import { unavailable } from './errors';

/** /readyz answers within this, whatever the database does (issue 16, F4). */
export const READY_TIMEOUT_MS = 1_500;

export interface LivenessLimits {
  /** The event loop's delay (99th percentile over the last window) above which the process is wedged. */
  maxLoopDelayMs: number;
  /** A request still in its handler after this means the process is wedged. */
  maxRequestMs: number;
}

/**
 * Whether the process can serve: the database answers (readiness), and the process itself is not
 * wedged (liveness): its event loop turns and no request is stuck in its handler.
 */
export class HealthService {
  private draining = false;
  private readonly loop: IntervalHistogram;
  private windowStart = Date.now();
  private lastWindowP99 = 0;
  private currentP99 = 0;
  private currentAt = Number.NEGATIVE_INFINITY;
  /**
   * Requests in their handlers, oldest first: the request (any object standing for it: its
   * identity is a cheaper key than a fresh id string) → when it got there, and whether answered.
   */
  private readonly inHandler = new Map<object, { since: number; answered: () => boolean }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    readonly limits: LivenessLimits = { maxLoopDelayMs: 2_000, maxRequestMs: 60_000 },
  ) {
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
    // A request whose client left before its answer is never `finished`: dropped here, so that
    // the map holds only requests still at work (issue 29: no close listener per request).
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  /** From now on /readyz says 503: the process is shutting down (SIGTERM). */
  drain(): void {
    this.draining = true;
  }

  /** Whether the process is shutting down. */
  get isDraining(): boolean {
    return this.draining;
  }

  async ready(): Promise<void> {
    if (this.draining) throw unavailable('shuttingDown');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable('databaseUnavailable')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.db.ping(), timeout]);
    } catch (err) {
      throw err instanceof Error && err.name === 'DomainError'
        ? err
        : unavailable('databaseUnavailable');
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A request entered its handler; `answered` says when it no longer needs to be: a long answer
   * (a stream) has begun, or its client has left.
   */
  started(request: object, answered: () => boolean): void {
    this.inHandler.set(request, { since: Date.now(), answered });
  }

  finished(request: object): void {
    this.inHandler.delete(request);
  }

  /** Forgets the requests that no longer need watching (answered, or their client left). */
  sweep(): void {
    for (const [id, { answered }] of this.inHandler) if (answered()) this.inHandler.delete(id);
  }

  /** How many requests are being watched (tests). */
  get watched(): number {
    return this.inHandler.size;
  }

  /** Why the process is wedged, or null when it is alive. */
  wedged(now = Date.now()): string | null {
    // The delay is judged over windows of 10 s: the last full one, and the current one.
    if (now - this.windowStart >= 10_000) {
      this.lastWindowP99 = this.loop.percentile(99) / 1e6;
      this.loop.reset();
      this.windowStart = now;
      this.currentP99 = 0;
      this.currentAt = now;
    }
    // The current window's percentile, read at most every 250 ms (a probe under load asks often).
    if (now - this.currentAt >= 250 || now < this.currentAt) {
      this.currentP99 = this.loop.percentile(99) / 1e6;
      this.currentAt = now;
    }
    const delay = Math.max(this.lastWindowP99, this.currentP99);
    if (delay > this.limits.maxLoopDelayMs)
      return `The event loop is delayed by ${Math.round(delay)} ms.`;
    for (const [id, { since, answered }] of this.inHandler) {
      if (now - since <= this.limits.maxRequestMs) break; // the rest are younger
      if (answered()) this.inHandler.delete(id);
      else return `A request has been waiting for ${Math.round((now - since) / 1_000)} s.`;
    }
    return null;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.loop.disable();
  }
}
