import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { newestOutboxMail, newLearner, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

const HOLD_MS = 1_500;

/**
 * Holds the write lock of `password_resets` for HOLD_MS from another connection (another
 * process for SQLite, whose statements block the process that waits): a reset link stored
 * before the answer would hold the answer up that long.
 */
async function holdResetLinks(database: TestDatabase): Promise<() => Promise<void>> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('begin');
    await client.query('lock table password_resets in access exclusive mode');
    const timer = setTimeout(() => void client.query('commit'), HOLD_MS);
    return async () => {
      clearTimeout(timer);
      await client.query('commit').catch(() => undefined);
      await client.end();
    };
  }
  const file = database.url.slice('sqlite:'.length);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.exec('begin immediate');
       process.stdout.write('locked\\n');
       setTimeout(() => { db.exec('commit'); db.close(); }, ${HOLD_MS});`,
      file,
    ],
    { cwd: path.resolve(__dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout!, 'data');
  return async () => {
    if (child.exitCode === null) await once(child, 'exit');
  };
}

describe.each(DATABASE_KINDS)('what tells whether an email has an account, on %s (F7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  const forgot = async (email: string) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot',
      payload: { email },
      remoteAddress: `10.16.7.${Math.floor(Math.random() * 250)}`,
    });
    return { res, ms: performance.now() - started };
  };

  it('answers a known and an unknown email at once while storing the link is held up', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const release = await holdResetLinks(t.database);
    try {
      // (The unknown email first: on SQLite, whose statements run in the process, the known
      // one's reset link, stored after its answer, then waits for the lock in the process.)
      const unknown = await forgot('nobody-at-all@example.com');
      const known = await forgot(learner.email);
      expect(known.res.statusCode).toBe(200);
      expect(known.res.json()).toEqual(unknown.res.json());
      // Both answered well before the lock is let go: neither waited for the reset link.
      expect(known.ms).toBeLessThan(HOLD_MS / 2);
      expect(unknown.ms).toBeLessThan(HOLD_MS / 2);
    } finally {
      await release();
    }
    // The work was done after the answer: the link is stored and mailed once the lock is gone.
    const mail = await waitFor(() => {
      const m = newestOutboxMail(path.join(t.config.dataDir, 'outbox'), learner.email);
      return m?.includes(learner.email) ? m : undefined;
    }, 10_000);
    expect(mail).toContain('/resetPassword/');
  });

  it('keeps telling sign-up that an email has an account, at most 20 times an hour per real address', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/signup',
        // A forged X-Forwarded-For changes nothing: no proxy is trusted (TRUST_PROXY, F2).
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress: '10.16.12.1',
        payload: { ...newLearner(), email: learner.email },
      });
      statuses.push(res.statusCode);
      if (i === 0)
        expect(res.json()).toEqual({
          errors: ['That email already has an account.'],
          errfor: { email: 'already has an account' },
        });
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
