import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/repositories/executor';
import {
  claimJobs,
  completeJob,
  countJobs,
  failJob,
  insertJob,
  releaseJob,
  type Job,
  type JobStatus,
  type NewJob,
} from '../db/repositories/jobs';

/** What a handler is given besides its payload. */
export interface JobContext {
  job: Job;
  /** 1 on the first attempt. */
  attempt: number;
}

/**
 * One kind of background work. Delivery is at least once (a runner that dies mid-job leaves it to
 * be run again once its lease runs out), so a handler must be idempotent: doing its work twice
 * must change nothing the second time (a conditional UPDATE, a unique key).
 */
export interface JobKind<P = unknown> {
  kind: string;
  /** Attempts before the job is given up (`failed`); 8 unless said. */
  maxAttempts?: number;
  /** The payload holds a secret (a link in a mail): it is blanked once the job is over. */
  forgetsPayload?: boolean;
  handle(payload: P, context: JobContext): Promise<void>;
}

export interface EnqueueRequest<P = unknown> {
  kind: string;
  payload: P;
  orgId?: string | null;
  /** Not before this (ms since the epoch); now unless said. */
  runAt?: number;
  /** The same key queued twice is one job (whatever became of the first). */
  idempotencyKey?: string;
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  /** The clock (ms since the epoch): tests pass their own. */
  now?: () => number;
  /** How long a claimed job is this runner's; after it, any runner may take it again. */
  leaseMs?: number;
  /** The first retry waits this long; each next one twice as long… */
  backoffMs?: number;
  /** …up to this. */
  maxBackoffMs?: number;
  /** How often an idle runner looks for work queued elsewhere, due retries, or expired leases. */
  pollMs?: number;
  /**
   * A poll takes a job queued elsewhere only once it has been due this long: the process that
   * queued it runs it (it woke its own runner); this is for a process that died first.
   */
  pollGraceMs?: number;
  /** Jobs claimed at once. */
  batch?: number;
  /**
   * Jobs of a claim run at once (4 unless said): a job mostly waits for the database or the mail
   * server, so a few together keep the process busy where one would leave it waiting.
   */
  concurrency?: number;
  /** Told of each run's outcome (metrics). */
  onOutcome?: (kind: string, outcome: 'done' | 'retry' | 'failed') => void;
}

export type QueueDepth = { kind: string; status: JobStatus; count: number }[];

/** How many jobs of each kind are in each status, in every process's queue (the table). */
export function queueDepth(db: Executor): Promise<QueueDepth> {
  return countJobs(db);
}

const DEFAULT_MAX_ATTEMPTS = 8;
/**
 * Work queued in this process starts once nothing more has been queued for this long, so that a
 * burst of requests (webhook deliveries) is answered before the work they queued runs…
 */
const WAKE_QUIET_MS = 10;
/** …but at most this long after the first request that waits for it. */
const WAKE_MAX_WAIT_MS = 500;

/** Lets the event loop read sockets (pending requests) before the next job. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The one runner of background work (docs: "Jobs"), over the durable `jobs` table: a use case
 * enqueues (in its own transaction when it has one), never runs timers itself. The runner claims
 * due jobs with a conditional UPDATE (several processes are safe), runs each kind's handler, and
 * retries a failure with exponential backoff until its attempts are used up. Jobs survive a
 * restart: a queued job waits in the table, and a job claimed by a process that died is claimed
 * again once its lease has run out.
 */
export class JobRunner {
  private readonly kinds = new Map<string, JobKind<never>>();
  private readonly now: () => number;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly pollMs: number;
  private readonly pollGraceMs: number;
  private readonly batch: number;
  private readonly concurrency: number;
  /** How long past due a queued job must be for the run under way (0, or the grace of a poll). */
  private graceMs = 0;
  /** Names this runner's claims (a fresh token per claim: `<id>:<n>`). */
  readonly id = `${os.hostname().slice(0, 24)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private claims = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;
  private poll: NodeJS.Timeout | undefined;
  private quiet: NodeJS.Timeout | undefined;
  private waitingSince = 0;
  /** Enqueues under way (a caller that did not wait): `stop` waits for them. */
  private readonly enqueuing = new Set<Promise<boolean>>();
  private readonly onOutcome: JobRunnerOptions['onOutcome'];

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoffMs = options.backoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.pollGraceMs = options.pollGraceMs ?? 30_000;
    this.batch = options.batch ?? 100;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.onOutcome = options.onOutcome;
  }

  /** Adds a kind of job this runner runs (jobs/index.ts registers them all). */
  register<P>(kind: JobKind<P>): this {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind as JobKind<never>);
    return this;
  }

  /**
   * Queues a job on `db` (the database, or the caller's transaction: the job then exists only if
   * it commits) and wakes this runner soon. False when its idempotency key was queued before.
   */
  enqueue<P>(db: Executor, request: EnqueueRequest<P>): Promise<boolean> {
    const pending = this.insert(db, request);
    this.enqueuing.add(pending);
    const settled = () => this.enqueuing.delete(pending);
    pending.then(settled, settled);
    return pending;
  }

  private async insert<P>(db: Executor, request: EnqueueRequest<P>): Promise<boolean> {
    const added = await insertJob(db, this.jobRow(request));
    if (added) this.wake();
    return added;
  }

  /**
   * The row that queues `request`, for a repository that writes it in the same statement as
   * what the job is for (the payment inbox); the caller then calls `wake`.
   */
  jobRow<P>(request: EnqueueRequest<P>): NewJob {
    const at = this.now();
    return {
      id: randomUUID(),
      kind: request.kind,
      orgId: request.orgId ?? null,
      payload: JSON.stringify(request.payload),
      maxAttempts:
        request.maxAttempts ?? this.kinds.get(request.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt: new Date(request.runAt ?? at).toISOString(),
      idempotencyKey: request.idempotencyKey ?? null,
      at: new Date(at).toISOString(),
    };
  }

  /** How long the `attempt`-th failure waits before the next attempt. */
  backoff(attempt: number): number {
    return Math.min(this.maxBackoffMs, this.backoffMs * 2 ** Math.max(0, attempt - 1));
  }

  /** How many jobs of each kind are in each status (for health and metrics). */
  queueDepth(): Promise<QueueDepth> {
    return queueDepth(this.db);
  }

  /** Runs what is due now, then keeps running: at each wake, and every `pollMs`. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.runDue();
  }

  /**
   * Stops taking jobs; the promise settles once the job under way is finished. Jobs claimed but
   * not begun are handed back at once (a restart or another runner takes them).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.poll);
    clearTimeout(this.quiet);
    await this.running;
    await Promise.allSettled([...this.enqueuing]);
  }

  /**
   * Asks for a run soon: once nothing more has been queued for WAKE_QUIET_MS (at most
   * WAKE_MAX_WAIT_MS after the first call that waits). Does nothing before `start`.
   */
  wake(): void {
    if (!this.started || this.stopped) return;
    const at = Date.now();
    if (this.quiet === undefined) this.waitingSince = at;
    else clearTimeout(this.quiet);
    const wait = Math.min(WAKE_QUIET_MS, Math.max(0, this.waitingSince + WAKE_MAX_WAIT_MS - at));
    this.quiet = setTimeout(() => {
      this.quiet = undefined;
      void this.runDue();
    }, wait);
    this.quiet.unref();
  }

  /** A request came while a wake waits for quiet: it waits on (see `wake`). */
  postponeWake(): void {
    if (this.quiet !== undefined) this.wake();
  }

  /**
   * Claims and runs every job due now until none is left; the promise settles after a whole run
   * that began after the call. Tests call it with their own clock instead of waiting for timers.
   */
  runDue(): Promise<void> {
    return this.run(0);
  }

  private run(graceMs: number): Promise<void> {
    if (this.running) {
      if (graceMs === 0) this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        this.graceMs = graceMs;
        do {
          await this.drain();
          if (!this.again) break;
          this.again = false;
          this.graceMs = 0;
        } while (!this.stopped);
      } catch (err) {
        this.log.error({ err }, 'job runner could not claim jobs; trying again later');
      } finally {
        this.running = undefined;
        this.schedule();
      }
    })();
    this.running = run;
    return run;
  }

  private schedule(): void {
    if (!this.started || this.stopped) return;
    clearTimeout(this.poll);
    this.poll = setTimeout(() => void this.run(this.pollGraceMs), this.pollMs);
    this.poll.unref();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const claim = `${this.id}:${++this.claims}`;
      const at = this.now();
      const jobs = await claimJobs(this.db, {
        claim,
        now: new Date(at).toISOString(),
        queuedBefore: new Date(at - this.graceMs).toISOString(),
        leaseUntil: new Date(at + this.leaseMs).toISOString(),
        limit: this.batch,
        kinds: [...this.kinds.keys()],
      });
      if (jobs.length === 0) return;
      let next = 0;
      const work = async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          await yieldToIo();
          if (this.stopped) {
            await releaseJob(this.db, {
              id: job.id,
              claim,
              at: new Date(this.now()).toISOString(),
            });
            continue;
          }
          await this.runOne(job, claim);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, jobs.length) }, work));
    }
  }

  private async runOne(job: Job, claim: string): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    try {
      await kind.handle(JSON.parse(job.payload) as never, { job, attempt: job.attempts });
      await completeJob(this.db, {
        id: job.id,
        claim,
        at: new Date(this.now()).toISOString(),
        forgetPayload: kind.forgetsPayload === true,
      });
      this.onOutcome?.(job.kind, 'done');
    } catch (err) {
      const at = this.now();
      const last = job.attempts >= job.maxAttempts;
      this.onOutcome?.(job.kind, last ? 'failed' : 'retry');
      const retryAt = last ? null : at + this.backoff(job.attempts);
      this.log.error(
        { err, jobId: job.id, kind: job.kind, attempt: job.attempts },
        last ? 'job failed for good' : 'job failed; retrying later',
      );
      await failJob(this.db, {
        id: job.id,
        claim,
        at: new Date(at).toISOString(),
        error: err instanceof Error ? err.message : String(err),
        runAt: retryAt === null ? null : new Date(retryAt).toISOString(),
        forgetPayload: last && kind.forgetsPayload === true,
      }).catch((e: unknown) =>
        this.log.error({ err: e, jobId: job.id }, 'job failure not recorded'),
      );
      if (retryAt !== null && this.started && !this.stopped) {
        // Wake for the retry if it comes before the next poll.
        const wait = Math.max(0, retryAt - this.now());
        if (wait < this.pollMs) setTimeout(() => void this.runDue(), wait).unref();
      }
    }
  }
}
