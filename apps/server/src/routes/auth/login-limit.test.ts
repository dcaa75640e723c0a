import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { RedisGuessCounter } from '../../services/login-guesses';
import { startTestApp, type TestApp } from '../../test/app';
import { newLearner, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS, TESTS_POSTGRES } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

describe.each(DATABASE_KINDS)('the sign-in limit per account on %s (F8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username, password },
      remoteAddress,
    });

  it('does not let ten wrong passwords from one address lock the learner out of another', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const stranger = '10.16.8.1';
    for (let i = 0; i < 10; i++)
      expect((await login(learner.username, `wrong-${i}`, stranger)).statusCode).toBe(401);
    // The stranger is stopped, with when to come back…
    const stopped = await login(learner.username, learner.password, stranger);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().errors).toEqual([expect.stringMatching(/Too many attempts/)]);
    // …and the learner, from their own address, signs in with the right password.
    const real = await login(learner.username, learner.password, '10.16.8.2');
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().token).toEqual(expect.any(String));
    // By email too.
    expect((await login(learner.email, learner.password, '10.16.8.3')).statusCode).toBe(200);
  });

  it('counts guesses by username and by email as one, whatever their case', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    const address = '10.16.9.1';
    for (let i = 0; i < 10; i++) {
      const name = i % 2 ? learner.email.toUpperCase() : learner.username;
      expect((await login(name, `wrong-${i}`, address)).statusCode).toBe(401);
    }
    expect((await login(learner.email, 'wrong-again', address)).statusCode).toBe(429);
    expect((await login(learner.username, 'wrong-again', address)).statusCode).toBe(429);
  });

  it('slows down guesses from many addresses instead of locking the account', async () => {
    const learner = newLearner();
    await signup(t.app, 'doughmain', learner);
    for (let i = 0; i < 12; i++)
      expect((await login(learner.username, `wrong-${i}`, `10.16.10.${i}`)).statusCode).toBe(401);
    const started = performance.now();
    const res = await login(learner.username, learner.password, '10.16.11.1');
    const waited = performance.now() - started;
    expect(res.statusCode).toBe(200);
    // Two failures over the free ten: 250 ms × 2² = 1 s before the password is checked.
    expect(waited).toBeGreaterThanOrEqual(900);
    // The right password ends the slow-down.
    const next = performance.now();
    expect((await login(learner.username, learner.password, '10.16.11.2')).statusCode).toBe(200);
    expect(performance.now() - next).toBeLessThan(900);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two app instances on one database and one Redis, as two processes behind a load balancer:
 * guesses sent to both count as if there were one (issue 16 F8).
 */
describe.skipIf(!TESTS_POSTGRES)(
  'the sign-in limit and slow-down across two processes sharing Redis (F8)',
  () => {
    let t: TestApp;
    let second: FastifyInstance;
    let dataDir: string;
    let redis: Redis;
    // This run's keys only: runs side by side do not count each other's guesses.
    const prefix = `test-${randomBytes(6).toString('hex')}:`;
    beforeAll(async () => {
      t = await startTestApp('postgres', { REDIS_URL, REDIS_PREFIX: prefix });
      await mustImport(t.database.db, makePack('doughmain'));
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-app-'));
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: t.database.url,
        REDIS_URL,
        REDIS_PREFIX: prefix,
      });
      ({ app: second } = await buildApp({
        config,
        db: { ...t.database.db, destroy: async () => {} },
      }));
      await second.ready();
      redis = new Redis(REDIS_URL);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
    });

    /** The i-th request goes to the first process when i is even, to the second when odd. */
    const login = (i: number, username: string, password: string, remoteAddress: string) =>
      (i % 2 ? second : t.app).inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username, password },
        remoteAddress,
      });

    it('slows down guesses sent alternately to both as if there were one, and keeps them in Redis under REDIS_PREFIX', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      // Six wrong passwords at each process: twelve in all, two over the free ten.
      for (let i = 0; i < 12; i++)
        expect((await login(i, learner.username, `wrong-${i}`, `10.17.10.${i}`)).statusCode).toBe(
          401,
        );
      const keys = await redis.keys(`${prefix}login-guesses:*`);
      const counted = keys[0]
        ? { n: await redis.get(keys[0]), ttl: await redis.pttl(keys[0]) }
        : undefined;

      // Either process makes the next sign-in wait 250 ms × 2² = 1 s; the learner still signs in.
      const started = performance.now();
      const res = await login(1, learner.username, learner.password, '10.17.11.1');
      expect(res.statusCode, res.body).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      // One count in Redis, under the prefix, forgotten 15 minutes after the last attempt.
      expect(keys).toHaveLength(1);
      expect(Number(counted?.n)).toBe(12);
      expect(counted?.ttl).toBeGreaterThan(14 * 60_000);
      expect(counted?.ttl).toBeLessThanOrEqual(15 * 60_000);
      // The right password ends the slow-down on both.
      expect(await redis.exists(keys[0]!)).toBe(0);
      const next = performance.now();
      expect((await login(0, learner.username, learner.password, '10.17.11.2')).statusCode).toBe(
        200,
      );
      expect(performance.now() - next).toBeLessThan(900);
    });

    it('stops ten wrong passwords from one address sent to both, never the learner elsewhere', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const stranger = '10.17.12.1';
      for (let i = 0; i < 10; i++)
        expect((await login(i, learner.username, `wrong-${i}`, stranger)).statusCode).toBe(401);
      expect((await login(10, learner.username, learner.password, stranger)).statusCode).toBe(429);
      expect((await login(11, learner.username, learner.password, stranger)).statusCode).toBe(429);
      // The learner, from their own address, signs in on either process without waiting: the
      // stranger's ten are within the free ten.
      const started = performance.now();
      expect((await login(1, learner.username, learner.password, '10.17.12.2')).statusCode).toBe(
        200,
      );
      expect(performance.now() - started).toBeLessThan(900);
      expect((await login(0, learner.email, learner.password, '10.17.12.3')).statusCode).toBe(200);
    });
  },
);

describe('the sign-in slow-down when Redis is away (F8)', () => {
  it('counts nothing and lets the sign-in go on, as the rate limits do', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    const errors: unknown[] = [];
    const counter = new RedisGuessCounter(away, 'test:', (err) => errors.push(err));
    try {
      const started = performance.now();
      expect(await counter.count('someone')).toBe(0);
      await counter.clear('someone');
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(errors).toHaveLength(2);
    } finally {
      away.disconnect();
    }
  });
});
