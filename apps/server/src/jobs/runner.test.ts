import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../adapters/mail/mailer';
import { openDatabase, type Db } from '../db/database';
import { claimJobs, findJob, findJobByKey } from '../db/repositories/jobs';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/databases';
import { MailDelivery, mailJob, QueuedMailer } from './mail';
import { JobRunner, type JobKind } from './runner';

const log = pino({ level: 'silent' });
const T0 = Date.parse('2030-01-01T00:00:00.000Z');

/** A clock the test moves by hand: no test here waits for time. */
function clock(start = T0) {
  let at = start;
  return { now: () => at, set: (ms: number) => (at = ms), advance: (ms: number) => (at += ms) };
}

describe.each(DATABASE_KINDS)('job runner on %s', (kind) => {
  let database: TestDatabase;
  let kinds = 0;
  /** A kind of job no other test of the file registers (the table is shared by the tests). */
  const newKind = () => `test-${++kinds}`;
  const runners: JobRunner[] = [];
  const runner = (db: Db, time: ReturnType<typeof clock>, leaseMs = 60_000) => {
    const r = new JobRunner(db, log, { now: time.now, leaseMs, backoffMs: 1_000 });
    runners.push(r);
    return r;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await database.drop();
  });

  it('runs a job, and retries a failing one with exponential backoff until it succeeds', async () => {
    const time = clock();
    const ran: { attempt: number; at: number }[] = [];
    const kindName = newKind();
    const flaky: JobKind<{ n: number }> = {
      kind: kindName,
      async handle(payload, { attempt }) {
        expect(payload).toEqual({ n: 7 });
        ran.push({ attempt, at: time.now() });
        if (attempt < 4) throw new Error(`not yet (${attempt})`);
      },
    };
    const r = runner(database.db, time).register(flaky);
    await r.enqueue(database.db, { kind: kindName, payload: { n: 7 }, idempotencyKey: 'flaky' });
    await r.runDue();
    expect(ran).toEqual([{ attempt: 1, at: T0 }]);
    // Waits 1 s, then 2 s, then 4 s: nothing runs a moment before each retry is due.
    for (const [i, wait] of [1_000, 2_000, 4_000].entries()) {
      time.advance(wait - 1);
      await r.runDue();
      expect(ran).toHaveLength(i + 1);
      time.advance(1);
      await r.runDue();
    }
    expect(ran.map((x) => x.attempt)).toEqual([1, 2, 3, 4]);
    expect(ran.map((x) => x.at - T0)).toEqual([0, 1_000, 3_000, 7_000]);
    expect(await findJobByKey(database.db, 'flaky')).toMatchObject({
      status: 'done',
      attempts: 4,
      lastError: null,
    });
    expect(r.backoff(1)).toBe(1_000);
    expect(r.backoff(5)).toBe(16_000);
    expect(r.backoff(40)).toBe(3_600_000);
  });

  it('gives a job up after its last attempt, and says so in the queue depth', async () => {
    const time = clock();
    const kindName = newKind();
    let runs = 0;
    const r = runner(database.db, time).register({
      kind: kindName,
      maxAttempts: 3,
      handle: async () => {
        runs += 1;
        throw new Error('never');
      },
    });
    await r.enqueue(database.db, { kind: kindName, payload: {}, idempotencyKey: 'doomed' });
    for (let i = 0; i < 10; i++) {
      await r.runDue();
      time.advance(60_000);
    }
    expect(runs).toBe(3);
    expect(await findJobByKey(database.db, 'doomed')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'never',
    });
    const depth = await r.queueDepth();
    expect(depth.filter((d) => d.kind === kindName)).toEqual([
      { kind: kindName, status: 'failed', count: 1 },
    ]);
  });

  it('queues one job per idempotency key, whatever became of the first', async () => {
    const time = clock();
    const kindName = newKind();
    let runs = 0;
    const r = runner(database.db, time).register({
      kind: kindName,
      handle: async () => {
        runs += 1;
      },
    });
    const request = { kind: kindName, payload: {}, idempotencyKey: `once-${kind}` };
    expect(await r.enqueue(database.db, request)).toBe(true);
    expect(await r.enqueue(database.db, request)).toBe(false);
    await r.runDue();
    expect(await r.enqueue(database.db, request)).toBe(false);
    await r.runDue();
    expect(runs).toBe(1);
    // Without a key, each is its own job.
    await r.enqueue(database.db, { kind: kindName, payload: {} });
    await r.enqueue(database.db, { kind: kindName, payload: {} });
    await r.runDue();
    expect(runs).toBe(3);
  });

  it('waits for a job’s run_at', async () => {
    const time = clock();
    const kindName = newKind();
    let runs = 0;
    const r = runner(database.db, time).register({
      kind: kindName,
      handle: async () => {
        runs += 1;
      },
    });
    await r.enqueue(database.db, { kind: kindName, payload: {}, runAt: T0 + 5_000 });
    await r.runDue();
    expect(runs).toBe(0);
    time.set(T0 + 5_000);
    await r.runDue();
    expect(runs).toBe(1);
  });

  it('after a restart, runs what was queued, and takes again a job whose runner died once its lease ran out', async () => {
    const time = clock();
    const kindName = newKind();
    const done: string[] = [];
    const handler: JobKind<{ name: string }> = {
      kind: kindName,
      handle: async ({ name }) => {
        done.push(name);
      },
    };
    // A process queues two jobs and dies: one never claimed, one claimed (under a lease of 30 s)
    // and never finished.
    const dead = runner(database.db, time, 30_000).register(handler);
    await dead.enqueue(database.db, { kind: kindName, payload: { name: 'queued' } });
    await dead.enqueue(database.db, {
      kind: kindName,
      payload: { name: 'claimed' },
      idempotencyKey: `claimed-${kind}`,
    });
    await dead.stop();
    const [claimed] = await claimJobs(database.db, {
      claim: 'dead-runner:1',
      now: new Date(time.now()).toISOString(),
      leaseUntil: new Date(time.now() + 30_000).toISOString(),
      limit: 1,
      kinds: [kindName],
    });
    expect(claimed).toBeDefined();
    const claimedName = (JSON.parse(claimed!.payload) as { name: string }).name;

    // The new process runs the job nobody holds at once, and the claimed one once its lease ends.
    const restarted = runner(database.db, time).register(handler);
    await restarted.runDue();
    expect(done).toEqual([claimedName === 'queued' ? 'claimed' : 'queued']);
    time.advance(30_001);
    await restarted.runDue();
    expect(done.sort()).toEqual(['claimed', 'queued']);
    const again = await findJobByKey(database.db, `claimed-${kind}`);
    expect(again).toMatchObject({ status: 'done' });
    // The dead runner's claim is gone: its late completion would change nothing.
    expect(again?.lockedBy).not.toBe('dead-runner:1');
  });

  it('never runs one job on two runners at once (two connections, one database)', async () => {
    const time = clock();
    const kindName = newKind();
    const second = openDatabase(database.url);
    try {
      const running = new Set<number>();
      const runs = new Map<number, number>();
      let overlaps = 0;
      const handler: JobKind<{ n: number }> = {
        kind: kindName,
        handle: async ({ n }) => {
          if (running.has(n)) overlaps += 1;
          running.add(n);
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((resolve) => setImmediate(resolve));
          running.delete(n);
        },
      };
      const a = new JobRunner(database.db, log, { now: time.now, batch: 7 }).register(handler);
      const b = new JobRunner(second, log, { now: time.now, batch: 5 }).register(handler);
      runners.push(a, b);
      for (let n = 0; n < 60; n++) await a.enqueue(database.db, { kind: kindName, payload: { n } });
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(overlaps).toBe(0);
      expect(runs.size).toBe(60);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      const depth = (await a.queueDepth()).filter((d) => d.kind === kindName);
      expect(depth).toEqual([{ kind: kindName, status: 'done', count: 60 }]);
    } finally {
      await second.destroy();
    }
  });

  it('sends a mail job’s mail once, even when the job runs again; a refused mail is tried again', async () => {
    const time = clock();
    const sent: Mail[] = [];
    let refuse = 1;
    const mailer: Mailer = {
      send: async (mail) => {
        if (refuse-- > 0) throw new Error('421 try again later');
        sent.push(mail);
      },
    };
    const delivery = new MailDelivery(database.db, mailer, log, time.now);
    const r = runner(database.db, time).register(mailJob(delivery));
    const mail: Mail = {
      to: 'a@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
      fromName: 'P',
    };
    const key = `mail-test-${kind}`;
    await r.enqueue(database.db, { kind: 'mail', payload: { mail }, idempotencyKey: key });
    await r.runDue();
    expect(sent).toHaveLength(0);
    time.advance(1_000);
    await r.runDue();
    expect(sent).toEqual([mail]);
    // The handler run again for the same key (a retry after a lease ran out): nothing is sent.
    expect(await delivery.sendOnce(key, mail)).toBe(false);
    expect(sent).toHaveLength(1);
    expect(await findJobByKey(database.db, key)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('queues the use cases’ mail: one per key, sent by the runner, its text not kept once sent', async () => {
    const time = clock();
    const sent: Mail[] = [];
    const mailer: Mailer = { send: async (mail) => void sent.push(mail) };
    const r = runner(database.db, time).register(
      mailJob(new MailDelivery(database.db, mailer, log, time.now)),
    );
    const queued = new QueuedMailer(r, database.db);
    const mail: Mail = {
      to: 'b@example.com',
      subject: 'Reset',
      text: 'https://example.com/reset/secret',
      html: '<a href="https://example.com/reset/secret">reset</a>',
      fromName: 'P',
    };
    await queued.send({ ...mail, key: `reset-${kind}` });
    await queued.send({ ...mail, key: `reset-${kind}` });
    expect(sent).toHaveLength(0);
    await r.runDue();
    expect(sent).toEqual([mail]);
    const job = await findJobByKey(database.db, `mail:reset-${kind}`);
    expect(job).toMatchObject({ status: 'done', payload: 'null' });
    expect((await findJob(database.db, job!.id))?.payload).not.toContain('secret');
  });
});
