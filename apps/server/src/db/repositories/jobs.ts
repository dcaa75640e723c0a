import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, JobsTable } from '../schema';
import type { Executor } from './executor';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** A job as a runner holds it (payload still JSON text: the runner parses it for its handler). */
export interface Job {
  id: string;
  kind: string;
  orgId: string | null;
  payload: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  leaseUntil: string | null;
  lockedBy: string | null;
  idempotencyKey: string | null;
  lastError: string | null;
}

const toJob = (r: Selectable<JobsTable>): Job => ({
  id: r.id,
  kind: r.kind,
  orgId: r.org_id,
  payload: r.payload,
  status: r.status as JobStatus,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  runAt: r.run_at,
  leaseUntil: r.lease_until,
  lockedBy: r.locked_by,
  idempotencyKey: r.idempotency_key,
  lastError: r.last_error,
});

export interface NewJob {
  id: string;
  kind: string;
  orgId: string | null;
  payload: string;
  maxAttempts: number;
  runAt: string;
  idempotencyKey: string | null;
  at: string;
}

/**
 * Queues a job. With an idempotency key already queued (whatever its status), nothing is added:
 * `on conflict do nothing`, so a duplicate neither fails nor aborts the caller's transaction.
 * True when this call added it.
 */
export async function insertJob(db: Executor, job: NewJob): Promise<boolean> {
  const result = await db.kysely
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      org_id: job.orgId,
      payload: job.payload,
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      idempotency_key: job.idempotencyKey,
      created_at: job.at,
      updated_at: job.at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Queues many jobs in a few statements (each idempotency key already queued is skipped). */
export async function insertJobs(db: Executor, jobs: readonly NewJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 200)
    await db.kysely
      .insertInto('jobs')
      .values(
        jobs.slice(i, i + 200).map((job) => ({
          id: job.id,
          kind: job.kind,
          org_id: job.orgId,
          payload: job.payload,
          status: 'queued',
          attempts: 0,
          max_attempts: job.maxAttempts,
          run_at: job.runAt,
          idempotency_key: job.idempotencyKey,
          created_at: job.at,
          updated_at: job.at,
        })),
      )
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
}

/** Queued and due by `queuedBefore`, or claimed by a runner whose lease ran out by `now`. */
const isDue = (eb: ExpressionBuilder<Database, 'jobs'>, now: string, queuedBefore: string) =>
  eb.or([
    eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', queuedBefore)]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

/**
 * Claims up to `limit` jobs for `claim` (a token unique to this call) until `leaseUntil`: those
 * queued and due, and those whose runner's lease ran out (it died or stopped). One conditional
 * UPDATE, on both databases: the due condition is checked again on each row as it is updated, so
 * of two runners claiming at once each job goes to one (on PostgreSQL the second waits for the
 * first's row lock, then finds the row no longer due). Each claim counts an attempt.
 */
export async function claimJobs(
  db: Executor,
  args: {
    claim: string;
    now: string;
    /** Queued jobs due by this (`now` unless said: a poll leaves fresh jobs to their process). */
    queuedBefore?: string;
    leaseUntil: string;
    limit: number;
    kinds: string[];
  },
): Promise<Job[]> {
  if (args.kinds.length === 0) return [];
  await db.kysely
    .updateTable('jobs')
    .set({
      status: 'running',
      locked_by: args.claim,
      lease_until: args.leaseUntil,
      attempts: sql`attempts + 1`,
      updated_at: args.now,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', args.kinds)
        .where((eb) => isDue(eb, args.now, args.queuedBefore ?? args.now))
        .orderBy('run_at')
        .orderBy('id')
        .limit(args.limit),
    )
    .where((eb) => isDue(eb, args.now, args.queuedBefore ?? args.now))
    .execute();
  const rows = await db.kysely
    .selectFrom('jobs')
    .selectAll()
    .where('locked_by', '=', args.claim)
    .where('status', '=', 'running')
    .orderBy('run_at')
    .orderBy('id')
    .execute();
  return rows.map(toJob);
}

/** Marks a claimed job done; false when the claim was lost (its lease ran out and another took it). */
export async function completeJob(
  db: Executor,
  args: { id: string; claim: string; at: string; forgetPayload?: boolean },
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('jobs')
    .set({
      status: 'done',
      lease_until: null,
      last_error: null,
      updated_at: args.at,
      ...(args.forgetPayload && { payload: 'null' }),
    })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.claim)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A claimed job failed: queued again for `runAt`, or `failed` for good when `runAt` is null
 * (its attempts are used up). Only by the runner that holds the claim.
 */
export async function failJob(
  db: Executor,
  args: {
    id: string;
    claim: string;
    at: string;
    error: string;
    runAt: string | null;
    forgetPayload?: boolean;
  },
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('jobs')
    .set({
      status: args.runAt === null ? 'failed' : 'queued',
      run_at: args.runAt ?? sql<string>`run_at`,
      lease_until: null,
      last_error: args.error.slice(0, 2_000),
      updated_at: args.at,
      ...(args.forgetPayload && { payload: 'null' }),
    })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.claim)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The queue's depth: how many jobs of each kind are in each status. */
export async function countJobs(
  db: Executor,
): Promise<{ kind: string; status: JobStatus; count: number }[]> {
  const rows = await db.kysely
    .selectFrom('jobs')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'status'])
    .orderBy('kind')
    .orderBy('status')
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status as JobStatus, count: Number(r.n) }));
}

export async function findJob(db: Executor, id: string): Promise<Job | undefined> {
  const row = await db.kysely
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toJob(row);
}

export async function findJobByKey(db: Executor, key: string): Promise<Job | undefined> {
  const row = await db.kysely
    .selectFrom('jobs')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toJob(row);
}

/**
 * Records a mail as sent before it is sent: true when this call recorded it, false when it was
 * recorded before (sent, or its sending was cut short: it is not sent again).
 */
export async function recordMailDelivery(db: Executor, key: string, at: string): Promise<boolean> {
  const result = await db.kysely
    .insertInto('mail_deliveries')
    .values({ key, sent_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The mail server refused it, so it was not sent: it may be tried again. */
export async function forgetMailDelivery(db: Executor, key: string): Promise<void> {
  await db.kysely.deleteFrom('mail_deliveries').where('key', '=', key).execute();
}

/** Hands a claimed job back unrun (its runner stops): queued again, the claim's attempt undone. */
export async function releaseJob(
  db: Executor,
  args: { id: string; claim: string; at: string },
): Promise<void> {
  await db.kysely
    .updateTable('jobs')
    .set({
      status: 'queued',
      attempts: sql`attempts - 1`,
      lease_until: null,
      locked_by: null,
      updated_at: args.at,
    })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.claim)
    .where('status', '=', 'running')
    .execute();
}
