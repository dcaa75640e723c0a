import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { messagesAnswerSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_US } from '@portal/domain';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer } from '../../test/auth-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startRedisServer, type RedisServer } from '../../test/redis-server';
import { openSse, type SseClient } from '../../test/sse';
import { startTcpProxy } from '../../test/tcp-proxy';
import { waitFor } from '../../test/wait';

const PASSWORD = 'redis-outage-pass';
const user = (username: string) => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  name: { first: username, last: 'Outage' },
  groups: [{ group: 'insiders', role: 'member' }],
});

/**
 * Two server instances (as two processes) on one database and a Redis server of the
 * test's own, which the test stops and starts (issue 24, point 5; docs/design.md §10).
 */
describe.each(DATABASE_KINDS)(
  'messages through a Redis outage (two instances on one Redis, %s)',
  (kind) => {
    let redis: RedisServer;
    let database: TestDatabase;
    const apps: FastifyInstance[] = [];
    const dirs: string[] = [];
    const streams: SseClient[] = [];
    let one: FastifyInstance;
    let two: string;
    const tokens: Record<string, string> = {};

    async function instance(redisUrl = redis.url): Promise<FastifyInstance> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-redis-outage-'));
      dirs.push(dataDir);
      const config = loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        RATE_LIMIT_SCALE: '100',
        MESSAGE_HEARTBEAT_MS: '60000',
      });
      const { app } = await buildApp({ config, db: { ...database.db, destroy: async () => {} } });
      apps.push(app);
      await app.ready();
      return app;
    }

    beforeAll(async () => {
      redis = await startRedisServer();
      database = await createTestDatabase(kind);
      await mustImport(
        database.db,
        makePack('doughmain', {
          organisation: { enableMessaging: true },
          users: [user('poster'), user('reader')],
        } as never),
      );
      one = await instance();
      const appTwo = await instance();
      await appTwo.listen({ port: 0, host: '127.0.0.1' });
      two = `http://127.0.0.1:${(appTwo.server.address() as AddressInfo).port}`;
      for (const name of ['poster', 'reader']) {
        const res = await one.inject({
          method: 'POST',
          url: '/api/org/doughmain/login',
          payload: { username: name, password: PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        tokens[name] = res.json<{ token: string }>().token;
      }
    }, 60_000);

    afterAll(async () => {
      for (const s of streams) s.close();
      for (const app of apps) await app.close();
      await database?.drop();
      await redis?.stop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const url = '/api/org/doughmain/userGroup/insiders/message';
    const open = async (lastEventId?: string) => {
      const s = await openSse(`${two}${url}/stream`, {
        ...bearer(tokens.reader!),
        ...(lastEventId && { 'last-event-id': lastEventId }),
      });
      streams.push(s);
      if (s.status === 200) await s.until(() => s.comments.includes('ready'));
      return s;
    };
    /** Posted on instance one: answered 200 (the message is stored first). */
    const post = async (body: string) => {
      const started = performance.now();
      const res = await one.inject({
        method: 'POST',
        url,
        headers: bearer(tokens.poster!),
        payload: { body },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_500);
      return res.json<{ message: { _id: string } }>().message;
    };

    it('closes the streams of a process that lost Redis, refuses new ones meanwhile, and loses no message', async () => {
      const live = await open();
      expect(live.status).toBe(200);
      const before = await post('before the outage');
      await live.until(() => live.events.some((e) => e.id === before._id), 2_000);

      await redis.stop();
      const stoppedAt = performance.now();
      // The stream is told: it ends, so that the browser polls and shows it is not live.
      await live.until(() => live.ended, 3_000);
      expect(performance.now() - stoppedAt).toBeLessThan(3_000);
      expect(live.events.at(-1)).toEqual({
        event: 'closed',
        id: undefined,
        data: '{"reason":"paused"}',
      });

      // Posting still works: the message is stored, the failed publication only logged.
      const during = await post('during the outage');
      // A stream asked for meanwhile is refused (503 with the error body): it could not be live.
      const refused = await open();
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ errors: [EN_US.livePaused] });

      await redis.start();
      const backAt = performance.now();
      const again = await waitFor(
        async () => {
          const opened = await open(before._id);
          return opened.status === 200 || performance.now() - backAt >= 8_000 ? opened : undefined;
        },
        9_000,
        200,
      );
      expect(again.status).toBe(200);
      // A reconnection with Last-Event-ID brings what was posted during the outage.
      expect(again.events.map((e) => e.id)).toContain(during._id);

      // A stream opened afterwards receives live again, from the other instance.
      const fresh = await open();
      const after = await post('after the outage');
      await fresh.until(() => fresh.events.some((e) => e.id === after._id), 3_000);
      await again.until(() => again.events.some((e) => e.id === after._id), 3_000);

      // And a poll of instance two returns everything, the message of the outage included.
      const listed = await fetch(`${two}${url}`, { headers: bearer(tokens.reader!) });
      expect(listed.status).toBe(200);
      const ids = messagesAnswerSchema.parse(await listed.json()).results.map((m) => m._id);
      expect(ids).toEqual([after._id, during._id, before._id]);
    }, 40_000);

    it('ends the streams of a process whose path to Redis froze silently, and recovers once it thaws', async () => {
      // Instance three reaches Redis through a proxy that the test freezes: no byte either way and
      // no close, as a network path that died without a word. Only a ping notices.
      const proxy = await startTcpProxy({ host: '127.0.0.1', port: redis.port });
      try {
        const three = await instance(`redis://127.0.0.1:${proxy.port}`);
        await three.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(three.server.address() as AddressInfo).port}`;
        const openOnThree = async () => {
          const s = await openSse(`${base}${url}/stream`, bearer(tokens.reader!));
          streams.push(s);
          if (s.status === 200) await s.until(() => s.comments.includes('ready'));
          return s;
        };
        const live = await openOnThree();
        expect(live.status).toBe(200);
        const before = await post('before the freeze');
        await live.until(() => live.events.some((e) => e.id === before._id), 2_000);

        proxy.setMode('stall');
        const frozenAt = performance.now();
        await live.until(() => live.ended, 8_000);
        expect(performance.now() - frozenAt).toBeLessThan(8_000);
        expect(live.events.at(-1)?.data).toBe('{"reason":"paused"}');
        const during = await post('during the freeze');

        proxy.setMode('forward');
        const thawedAt = performance.now();
        const again = await waitFor(
          async () => {
            const opened = await openOnThree();
            return opened.status === 200 || performance.now() - thawedAt >= 15_000
              ? opened
              : undefined;
          },
          16_000,
          250,
        );
        expect(again.status).toBe(200);
        const after = await post('after the freeze');
        await again.until(() => again.events.some((e) => e.id === after._id), 3_000);
        const listed = await three.inject({ url, headers: bearer(tokens.reader!) });
        const ids = messagesAnswerSchema.parse(listed.json()).results.map((m) => m._id);
        expect(ids).toEqual(expect.arrayContaining([before._id, during._id, after._id]));
      } finally {
        await proxy.close();
      }
    }, 60_000);
  },
);
