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
   * Requests in their handlers, oldest first: a list linked through the watches themselves, so
   * that starting and finishing cost a few assignments (a map keyed by request grew and shrank
   * its table with every burst of requests: issue 29, the request floor).
   */
  private oldest: Watch | null = null;
  private newest: Watch | null = null;
  private count = 0;
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
   * A request entered its handler; `answered(subject)` says when it no longer needs watching: a
   * long answer (a stream) has begun, or its client has left. Answers the watch `finished` ends.
   */
  started<S>(subject: S, answered: (subject: S) => boolean): Watch {
    const watch = new Watch(Date.now(), subject, answered as (subject: unknown) => boolean);
    watch.older = this.newest;
    if (this.newest) this.newest.newer = watch;
    else this.oldest = watch;
    this.newest = watch;
    this.count += 1;
    return watch;
  }

  /** The request's answer is sent (a watch already forgotten is left as it is). */
  finished(watch: Watch): void {
    if (!watch.watched) return;
    watch.watched = false;
    const { older, newer } = watch;
    if (older) older.newer = newer;
    else this.oldest = newer;
    if (newer) newer.older = older;
    else this.newest = older;
    watch.older = watch.newer = null;
    this.count -= 1;
  }

  /** Forgets the requests that no longer need watching (answered, or their client left). */
  sweep(): void {
    for (let watch = this.oldest; watch; ) {
      const next = watch.newer;
      if (watch.isAnswered()) this.finished(watch);
      watch = next;
    }
  }

  /** How many requests are being watched (tests). */
  get watched(): number {
    return this.count;
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
    for (let watch = this.oldest; watch; ) {
      const { since, newer } = watch;
      if (now - since <= this.limits.maxRequestMs) break; // the rest are younger
      if (watch.isAnswered()) this.finished(watch);
      else return `A request has been waiting for ${Math.round((now - since) / 1_000)} s.`;
      watch = newer;
    }
    return null;
  }

  close(): void {
    clearInterval(this.sweeper);
    this.loop.disable();
  }
}

/** A request in its handler, watched by the liveness check (HealthService.started). */
export class Watch {
  /** Still in the list. */
  watched = true;
  older: Watch | null = null;
  newer: Watch | null = null;

  constructor(
    /** When it entered its handler (ms since the epoch). */
    readonly since: number,
    private readonly subject: unknown,
    private readonly answered: (subject: unknown) => boolean,
  ) {}

  isAnswered(): boolean {
    return this.answered(this.subject);
  }
}
