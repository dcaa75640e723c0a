import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { findOrganisation } from '../../db/repositories/organisations';
import { setRoles } from '../../db/repositories/roles';
import type { Services } from '../../services';
import { bearer, signup } from '../../test/auth-helpers';
import { createTestDatabase, TESTS_POSTGRES, type TestDatabase } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ORG = 'studiotwo';

interface Instance {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/**
 * Two server processes on one PostgreSQL and one Redis (as cache/two-processes.test.ts builds
 * them: each its own configuration, pool, bus and caches): what an author publishes, archives or
 * reorders through one is what learners of the other are served within a second (design §14).
 */
describe.runIf(TESTS_POSTGRES)('the studio across two processes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const instances: Instance[] = [];
  const prefix = `studio-two-${randomBytes(4).toString('hex')}:`;
  let token = '';

  const start = async (): Promise<Instance> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-studio-two-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    const { app, services } = await buildApp({ config, db: openDatabase(database.url) });
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
    ({ token } = await signup(instances[0]!.app, ORG));
    const orgId = (await findOrganisation(database.db, ORG))!.id;
    const session = await instances[0]!.services.sessions.find(token, orgId);
    await setRoles(database.db, orgId, session!.userId, ['author']);
  }, 60_000);

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await database?.drop();
  });

  const studio = async (instance: Instance, request: InjectOptions) => {
    const res = await instance.app.inject({
      ...request,
      url: `/api/org/${ORG}/studio${String(request.url)}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const learnerTopic = (instance: Instance) =>
    instance.app.inject({ url: `/api/org/${ORG}/topic/budgeting` });
  const topicName = async (instance: Instance) => {
    const res = await learnerTopic(instance);
    return res.statusCode === 200
      ? res.json<{ topic: { name: string } }>().topic.name
      : res.statusCode;
  };
  const firstTopic = async (instance: Instance) =>
    (await instance.app.inject({ url: `/api/org/${ORG}` })).json<{
      topics: Array<{ _id: string }>;
    }>().topics[0]?._id;

  /** Asks until `probe` answers `expected`; resolves with how long that took. */
  const servedWithin = async (probe: () => Promise<unknown>, expected: unknown) => {
    const since = performance.now();
    for (;;) {
      if ((await probe()) === expected) return performance.now() - since;
      if (performance.now() - since > 5_000) throw new Error(`never served ${String(expected)}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  it('a publish through one is served by the other within a second', async () => {
    const [one, two] = instances as [Instance, Instance];
    expect(await topicName(two)).toBe('Budgeting');
    const draft = await studio(one, { method: 'GET', url: '/topic/budgeting' });
    await studio(one, {
      method: 'PUT',
      url: '/topic/budgeting',
      payload: { topic: { ...draft.topic, name: 'Budgeting, published' }, version: draft.version },
    });
    // Saving a draft changes nothing learners read.
    expect(await topicName(two)).toBe('Budgeting');
    await studio(one, { method: 'POST', url: '/topic/budgeting/publish', payload: {} });
    const took = await servedWithin(() => topicName(two), 'Budgeting, published');
    console.log(`studio publish served by the other process after ${took.toFixed(1)} ms`);
    expect(took).toBeLessThan(1_000);
  });

  it('an archive and a new order through one reach the other within a second', async () => {
    const [one, two] = instances as [Instance, Instance];
    await studio(one, {
      method: 'POST',
      url: '/topic/budgeting/archive',
      payload: { archived: true },
    });
    expect(await servedWithin(() => topicName(two), 404)).toBeLessThan(1_000);
    await studio(one, {
      method: 'POST',
      url: '/topic/budgeting/archive',
      payload: { archived: false },
    });
    expect(await servedWithin(() => topicName(two), 'Budgeting, published')).toBeLessThan(1_000);

    const view = async () =>
      (await two.app.inject({ url: `/api/org/${ORG}` })).json<{ topicGroups: unknown[] }>();
    expect((await view()).topicGroups.length).toBeGreaterThan(0);
    expect(await firstTopic(two)).toBe('budgeting');
    const catalogue = await studio(one, { method: 'GET', url: '/catalogue' });
    await studio(one, {
      method: 'PUT',
      url: '/catalogue',
      payload: {
        topicGroups: [],
        grants: {},
        order: ['secret-topic', 'budgeting'],
        version: catalogue.version,
      },
    });
    expect(await servedWithin(async () => (await view()).topicGroups.length, 0)).toBeLessThan(
      1_000,
    );
    // The visitor's first topic: the secret one is private, so budgeting stays the first shown.
    expect(await firstTopic(two)).toBe('budgeting');
  });
});
