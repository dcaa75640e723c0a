import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import type { Services } from '../services';
import { createTestDatabase, type TestDatabase } from '../test/databases';
import { signup } from '../test/auth-helpers';
import { makePack, mustImport } from '../test/factories';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ORG = 'twoproc';
const TOPIC = 'budgeting';

interface Instance {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * Two app instances built apart (each its own configuration, database pool, Redis connections
 * and caches) on one PostgreSQL database and one Redis, as two server processes are: a change
 * made through one is served by the other within a second (issue 25, point 2).
 */
describe('the caches of two server processes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  const prefix = `cache-test-${randomBytes(4).toString('hex')}:`;

  const start = async (): Promise<Instance> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
    const db = openDatabase(database.url);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    const { app, services } = await buildApp({ config, db });
    await app.ready();
    await services.caches.listening();
    return {
      app,
      services,
      close: async () => {
        await app.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await mustImport(database.db, makePack(ORG));
    instances.push(await start(), await start());
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.drop();
  });

  const topicName = async (instance: Instance) => {
    const answer = await instance.app.inject({ url: `/api/org/${ORG}/topic/${TOPIC}` });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ topic: { name: string } }>().topic.name;
  };
  const cardName = async (instance: Instance) => {
    const answer = await instance.app.inject({ url: `/api/org/${ORG}` });
    const view = answer.json<{ topics: Array<{ _id: string; name: string }> }>();
    return view.topics.find((t) => t._id === TOPIC)?.name;
  };

  /** Asks until `probe` answers `expected`; resolves with how long that took. */
  const servedWithin = async (probe: () => Promise<unknown>, expected: unknown) => {
    const since = performance.now();
    for (;;) {
      if ((await probe()) === expected) {
        return performance.now() - since;
      }
      if (performance.now() - since > 5_000) throw new Error(`never served ${String(expected)}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('a pack imported through one is served new by the other within a second', async () => {
    const [one, two] = instances as [Instance, Instance];
    expect(await topicName(two)).toBe('Budgeting');
    expect(await cardName(two)).toBe('Budgeting');
    const next = structuredClone(makePack(ORG));
    next.topics![0]!.name = { 'en-US': 'Budgeting, again', 'fr-CA': 'Budget, encore' };
    const imported = await one.services.organisations.importPack(next);
    expect(imported).toMatchObject({ ok: true, changed: true });
    expect(await servedWithin(() => topicName(two), 'Budgeting, again')).toBeLessThan(1_000);
    expect(await cardName(two)).toBe('Budgeting, again');
  });

  it('a topic changed without a new content hash reaches the other by the bus alone', async () => {
    const [one, two] = instances as [Instance, Instance];
    const before = await topicName(two);
    const org = await one.services.organisations.find(ORG);
    // As a publication of one topic will write it (the organisation's content hash unchanged).
    const row = await database.db.kysely
      .selectFrom('topics')
      .select('data')
      .where('org_id', '=', org!.id)
      .where('id', '=', TOPIC)
      .executeTakeFirstOrThrow();
    const topic = JSON.parse(row.data) as { name: unknown };
    topic.name = { 'en-US': 'Published alone', 'fr-CA': 'Publié seul' };
    await database.db.kysely
      .updateTable('topics')
      .set({ data: JSON.stringify(topic) })
      .where('org_id', '=', org!.id)
      .where('id', '=', TOPIC)
      .execute();
    // Nothing said yet: the other keeps what it has.
    expect(await topicName(two)).toBe(before);
    await one.services.caches.changed({ content: { org: org!.id, topic: TOPIC } });
    expect(await servedWithin(() => topicName(two), 'Published alone')).toBeLessThan(1_000);
    expect(await topicName(one)).toBe('Published alone');
    expect(await cardName(two)).toBe('Published alone');
  });

  it('a session ended on one is refused by the other', async () => {
    const [one, two] = instances as [Instance, Instance];
    const org = await one.services.organisations.find(ORG);
    const { token } = await signup(one.app, ORG);
    const session = await one.services.sessions.find(token, org!.id);
    const account = () =>
      two.app.inject({
        url: `/api/org/${ORG}/account/settings`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await account()).statusCode).toBe(200);
    await one.services.sessions.revokeAllOf(session!.userId);
    expect(await servedWithin(async () => (await account()).statusCode, 401)).toBeLessThan(1_000);
  });
});
