import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyWorkbook, setFieldValue } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { bearer, newLearner, signup } from '../test/auth-helpers';
import {
  createTestDatabase,
  POSTGRES_ADMIN_URL,
  type TestDatabase,
  TESTS_POSTGRES,
} from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { DEFAULT_TIMEOUTS, openDatabase, type Db } from './database';

/** The bounds (issue 24, point 6): an answer within 2.5 s, recovery within 5 s. */
const ANSWER_MS = 2_500;
const RECOVERY_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL behind a proxy that freezes the connections already open (nothing relayed, sockets
 * kept open) while it still opens and relays new ones: a half-dead path to the database.
 */
describe.skipIf(!TESTS_POSTGRES)('PostgreSQL connections half dead (issue 24, point 6)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let db: Db;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await mustImport(database.db, makePack('doughmain'));
    const admin = new URL(POSTGRES_ADMIN_URL);
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    // The server's defaults (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS).
    db = openDatabase(viaProxy.toString(), DEFAULT_TIMEOUTS);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-half-dead-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: viaProxy.toString(),
      RATE_LIMIT_SCALE: '100',
    });
    ({ app } = await buildApp({ config, db }));
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const save = (token: string, value: number) =>
    app.inject({
      method: 'PUT',
      url: '/api/org/doughmain/workbook',
      payload: {
        workbook: {
          ...emptyWorkbook(),
          general: setFieldValue(emptyWorkbook().general, 'f', value, new Date().toISOString()),
        },
      },
      headers: bearer(token),
    });
  const expectAnswer = (res: { statusCode: number; body: string }) => {
    // Saved on a fresh connection, or 503 with the error body: never a hang, never a 500.
    if (res.statusCode !== 200) {
      expect(res.statusCode, res.body).toBe(503);
      expect(JSON.parse(res.body)).toEqual({
        errors: ['The database is not answering. Please try again in a moment.'],
      });
    }
  };

  it('leaves a slow statement alone: its backend is working, its connection is not stuck', async () => {
    const started = performance.now();
    const { rows } = await sql<{ done: number }>`select 1 as done from pg_sleep(2)`.execute(
      db.kysely,
    );
    expect(rows).toEqual([{ done: 1 }]);
    expect(performance.now() - started).toBeGreaterThan(1_900);
    // And inside a transaction, waiting on a lock held by another connection.
    const orgId = (
      await db.kysely.selectFrom('organisations').select('id').executeTakeFirstOrThrow()
    ).id;
    let waiter: Promise<string> | undefined;
    await database.db.kysely.transaction().execute(async (tx) => {
      await sql`select 1 from organisations where id = ${orgId} for update`.execute(tx);
      waiter = db.kysely.transaction().execute(async (tx2) => {
        await sql`select 1 from organisations where id = ${orgId} for update`.execute(tx2);
        return 'locked';
      });
      await sleep(2_000); // the point: a statement waiting on a lock for 2 s is left alone
    });
    expect(await waiter).toBe('locked');
  });

  it('answers within 2.5 s, drops the frozen connections and saves again within 5 s', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++)
      tokens.push((await signup(app, 'doughmain', newLearner('halfdead'))).token);
    // Several connections of the pool in use, then idle in it.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(tokens.map((token, i) => save(token, round * 10 + i)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    }
    // The point: the sessions' trust (1 s) runs out, so they are checked against the database again.
    await sleep(1_100);
    const frozen = proxy.freezeOpen();
    expect(frozen).toBeGreaterThan(1);
    const frozenAt = performance.now();

    // Requests while the pool still holds frozen connections: each answered within the bound.
    let value = 100;
    let firstOk = 0;
    const slow: number[] = [];
    const statuses: number[] = [];
    while (performance.now() - frozenAt < RECOVERY_MS + 3_000) {
      const started = performance.now();
      const res = await save(tokens[0]!, value++);
      const ms = performance.now() - started;
      statuses.push(res.statusCode);
      if (ms >= ANSWER_MS) slow.push(Math.round(ms));
      expectAnswer(res);
      if (res.statusCode === 200) {
        if (!firstOk) firstOk = performance.now() - frozenAt;
      } else firstOk = 0;
      // Once saves go through, they keep going through (every frozen connection is gone).
      if (firstOk && statuses.slice(-8).every((s) => s === 200) && statuses.length >= 8) break;
    }
    if (process.env.OUTAGE_FIGURES) console.log({ frozen, statuses, firstOk, slow });
    expect(slow).toEqual([]);
    expect(firstOk).toBeGreaterThan(0);
    expect(firstOk).toBeLessThan(RECOVERY_MS);
    // Every learner saves at once, on fresh connections; the frozen ones were destroyed.
    const all = await Promise.all(tokens.map((token, i) => save(token, 1_000 + i)));
    for (const res of all) expect(res.statusCode, res.body).toBe(200);
    expect(proxy.frozen).toBe(0);
    expect(performance.now() - frozenAt).toBeLessThan(RECOVERY_MS + 3_000);
  }, 60_000);
});
