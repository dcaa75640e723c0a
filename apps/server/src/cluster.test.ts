import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyWorkbook, setFieldValue } from '@portal/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForReady, type ServerProcess } from './test/cluster';
import { createTestDatabase, type TestDatabase, TESTS_POSTGRES } from './test/databases';
import { makePack } from './test/factories';
import { multipart, PDF_BYTES, PNG_1X1 } from './test/multipart';
import { freePort } from './test/ports';
import { waitUntil } from './test/wait';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'cluster-pass-1';
const LEARNERS = 12;
const BUCKET = 'portal-uploads';
const cli = path.join(import.meta.dirname, 'cli.ts');

const learner = (i: number) => ({
  username: `clu${i}`,
  email: `clu${i}@example.com`,
  password: PASSWORD,
  name: { first: `C${i}`, last: 'Cluster' },
  groups: [{ group: 'insiders', role: 'member' as const }],
});

/** The load's pacing (requests a second, retries) and the rolling restart's timeline: not waits for an event. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two server processes on one PostgreSQL database, with Redis (REDIS_URL) and object storage
 * (STORAGE=s3 on an s3rver the test starts): what one process does holds on the other
 * (issue 16, point 4).
 */
describe.skipIf(!TESTS_POSTGRES)('two server processes with Redis and object storage', () => {
  let database: TestDatabase;
  let s3: S3rver;
  const dirs: string[] = [];
  let contentDir: string;
  let env: Record<string, string>;
  const ports: number[] = [];
  const servers: ServerProcess[] = [];
  const tokens: string[] = [];

  const start = async (i: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-cluster-${i}-`));
    dirs.push(dataDir);
    servers[i] = startServerProcess(ports[i]!, { ...env, DATA_DIR: dataDir });
    await waitForReady(servers[i]!.base);
  };
  const base = (i: number) => servers[i]!.base;
  const call = (i: number, method: string, url: string, token?: string, body?: unknown) =>
    fetch(`${base(i)}${url}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
    dirs.push(s3Dir);
    const s3Port = await freePort();
    s3 = new S3rver({
      port: s3Port,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-pack-'));
    dirs.push(contentDir);
    fs.writeFileSync(
      path.join(contentDir, 'pack.json'),
      JSON.stringify(
        makePack('doughmain', {
          users: Array.from({ length: LEARNERS }, (_, i) => learner(i)) as never,
        }),
      ),
    );
    env = {
      DATABASE_URL: database.url,
      CONTENT_DIR: contentDir,
      REDIS_URL,
      // This run's keys and channels only: runs side by side do not count each other's requests.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    ports.push(await freePort(), await freePort());
    // The first imports the pack into the empty database; the second starts on it.
    await start(0);
    await start(1);
    for (let i = 0; i < LEARNERS; i++) {
      const res = await call(i % 2, 'POST', '/api/org/doughmain/login', undefined, {
        username: `clu${i}`,
        password: PASSWORD,
      });
      expect(res.status).toBe(200);
      tokens.push(((await res.json()) as { token: string }).token);
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s?.stop(5_000)));
    await s3?.close();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a session revoked on one process at once on the other', async () => {
    const res = await call(0, 'POST', '/api/org/doughmain/login', undefined, {
      username: 'clu0',
      password: PASSWORD,
    });
    const { token } = (await res.json()) as { token: string };
    // The second process has just verified the token (and trusts it for a second).
    expect((await call(1, 'GET', '/api/org/doughmain/workbook', token)).status).toBe(200);
    expect((await call(0, 'POST', '/api/org/doughmain/logout', token)).status).toBe(200);
    // The sign-out reaches the second process through Redis.
    await waitUntil(
      async () => (await call(1, 'GET', '/api/org/doughmain/workbook', token)).status === 401,
      2_000,
    );
  });

  it('counts a limit over both processes (purchases per learner per minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await call(i % 2, 'POST', '/api/org/doughmain/bundle/bundle-1/purchase', tokens[1], {
            quantity: 1,
          })
        ).status,
      );
    expect(statuses.slice(0, 10).filter((s) => s === 429)).toEqual([]);
    expect(statuses[10]).toBe(429);
  });

  it('serves an upload stored by one process from the other, with the same headers, from the bucket', async () => {
    const upload = async (i: number, filename: string, type: string, data: Buffer) => {
      const body = multipart([
        { name: 'upload_preset', value: 'doughmain' },
        { name: 'file', filename, type, data },
      ]);
      const res = await fetch(`${base(i)}/api/upload`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${tokens[2]}` },
        body: body.payload,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { secure_url: string; public_id: string };
    };
    const image = await upload(0, 'me.png', 'image/png', PNG_1X1);
    const served = await fetch(`${base(1)}${image.secure_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const pdf = await upload(1, 'notes.pdf', 'application/pdf', PDF_BYTES);
    const download = await fetch(`${base(0)}${pdf.secure_url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment');
    // Nothing on either process's disk: the bucket holds the files.
    for (const dir of dirs.filter((d) => d.includes('portal-cluster-') && !d.includes('pack')))
      expect(fs.existsSync(path.join(dir, 'uploads', image.secure_url.split('/')[2]!))).toBe(false);
    // The upload's record serves the other process: it becomes a profile picture there.
    const set = await call(
      1,
      'POST',
      '/api/org/doughmain/account/settings/profilePicture',
      tokens[2],
      image,
    );
    expect(set.status).toBe(200);
    expect((await fetch(`${base(0)}/uploads/nothing/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it('serves a pack imported by the CLI on both processes at once', async () => {
    const name = async (i: number) =>
      ((await (await call(i, 'GET', '/api/org/doughmain')).json()) as { name: string }).name;
    expect(await name(0)).toBe('Test doughmain');
    const pack = makePack('doughmain', {
      organisation: { name: { 'en-US': 'Renamed', 'fr-CA': 'Renommé' } },
      users: Array.from({ length: LEARNERS }, (_, i) => learner(i)) as never,
    });
    const file = path.join(contentDir, 'renamed.json');
    fs.writeFileSync(file, JSON.stringify(pack));
    // Both processes keep their cached organisation fresh while the CLI runs.
    let polling = true;
    const poll = (async () => {
      while (polling) {
        await Promise.all([name(0), name(1)]);
        await sleep(50);
      }
    })();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, 'import', file], {
        env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      child.once('exit', resolve);
    });
    polling = false;
    await poll;
    expect(code).toBe(0);
    // Without the announcement a process would trust its cached copy for up to a second.
    expect([await name(0), await name(1)]).toEqual(['Renamed', 'Renamed']);
  }, 120_000);

  it('rolls a restart (SIGTERM one of two under 200 requests a second) with no 5xx but 503 and no lost save', async () => {
    const acknowledged: { learner: number; field: string; value: number }[] = [];
    const statuses = new Map<number, number>();
    let retried = 0;
    let failed = 0;
    const down = new Set<number>();
    let next = 0;
    /** A load balancer's choice: the next process that is not known to be down. */
    const pick = () => {
      for (let k = 0; k < 2; k++) {
        const i = next++ % 2;
        if (!down.has(i)) return i;
      }
      return next++ % 2;
    };
    const send = async (j: number) => {
      const who = j % LEARNERS;
      const isSave = j % 2 === 0;
      const field = `r${j}`;
      const init: RequestInit = isSave
        ? {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
            body: JSON.stringify({
              workbook: {
                ...emptyWorkbook(),
                general: setFieldValue(emptyWorkbook().general, field, j, new Date().toISOString()),
              },
            }),
          }
        : { headers: { authorization: `Bearer ${tokens[who]}` } };
      for (let attempt = 0; attempt < 4; attempt++) {
        const i = pick();
        try {
          const res = await fetch(`${base(i)}/api/org/doughmain/workbook`, init);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200 && isSave) acknowledged.push({ learner: who, field, value: j });
          // A draining process's 503 sends the request to the other, as a load balancer would.
          if (res.status !== 503) return;
        } catch {
          // Refused or closed: that process is down; the balancer sends the request elsewhere.
          down.add(i);
          setTimeout(() => down.delete(i), 300).unref();
        }
        retried += 1;
        await sleep(20);
      }
      failed += 1;
    };
    let running = true;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    const started = performance.now();
    const driver = (async () => {
      // 200 requests a second, at most 64 at once.
      while (running) {
        const due = Math.floor(((performance.now() - started) / 1_000) * 200);
        while (sent < due && inFlight.size < 64) {
          const p = send(sent++).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        await sleep(5);
      }
      await Promise.all(inFlight);
    })();

    await sleep(1_500);
    for (const i of [0, 1]) {
      expect(await servers[i]!.stop()).toBe(0);
      await start(i);
      await sleep(1_000);
    }
    running = false;
    await driver;
    const seconds = (performance.now() - started) / 1_000;

    // 200 a second are offered; how many a busy machine serves varies (`npm run bench -- restart`
    // measures it on the build): the restarts must happen under real load all the same.
    expect(sent).toBeGreaterThan(1_000);
    if (process.env.CLUSTER_FIGURES)
      console.info(
        JSON.stringify({ sent, seconds, statuses: Object.fromEntries(statuses), retried, failed }),
      );
    const errors = [...statuses.entries()].filter(([s]) => s >= 500 && s !== 503);
    expect(errors).toEqual([]);
    expect(failed).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(retried).toBeGreaterThanOrEqual(0);

    // Every acknowledged save is in the database (both processes restarted since: nothing cached).
    const missing: string[] = [];
    for (let who = 0; who < LEARNERS; who++) {
      const res = await call(0, 'GET', '/api/org/doughmain/workbook', tokens[who]);
      const data = (
        (await res.json()) as {
          workbook: { workbook: { general: { data: Record<string, number> } } };
        }
      ).workbook.workbook.general.data;
      for (const save of acknowledged.filter((s) => s.learner === who))
        if (data[save.field] !== save.value) missing.push(`${who}:${save.field}`);
    }
    expect(missing).toEqual([]);
  }, 400_000);
});
