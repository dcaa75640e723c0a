import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_US } from '@portal/domain';
import {
  createTestDatabase,
  POSTGRES_ADMIN_URL,
  type TestDatabase,
  TESTS_POSTGRES,
} from './test/databases';
import { makePack, mustImport } from './test/factories';
import { freePort } from './test/ports';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';
import { waitFor } from './test/wait';

const main = path.join(import.meta.dirname, 'main.ts');
const PASSWORD = 's3cret-pw';

/** The server process on `port`, its output, and its exit code. */
function startServer(port: number, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-wait-'));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_CONTENT: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null }>((resolve) =>
    child.once('exit', (code) => resolve({ code })),
  );
  return { child, dataDir, exited, output: () => output };
}

/** Polls `url` until `ok` says so; the last answer. */
async function until(url: string, ok: (status: number) => boolean, timeoutMs: number) {
  return waitFor(async () => {
    try {
      const res = await fetch(url);
      return ok(res.status) ? res : undefined;
    } catch {
      return undefined; // not listening yet
    }
  }, timeoutMs);
}

/** The database URL through the proxy, with a password that must never be shown. */
function viaProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.host = `127.0.0.1:${proxy.port}`;
  u.password = PASSWORD;
  return u.toString();
}

/** Issue 16, DATABASE_STARTUP_WAIT_SECONDS. The three run side by side, each its own proxy. */
(TESTS_POSTGRES ? describe.concurrent : describe.skip)(
  'a start while PostgreSQL is not up yet',
  () => {
    let database: TestDatabase;
    /** The way to the database of the first test, and the one of the second (always refusing). */
    let proxy: TcpProxy;
    let closed: TcpProxy;
    const children: ChildProcess[] = [];
    const dirs: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      await mustImport(database.db, makePack('waitorg'));
      const admin = new URL(POSTGRES_ADMIN_URL);
      const target = { host: admin.hostname, port: Number(admin.port || 5432) };
      proxy = await startTcpProxy(target);
      proxy.setMode('refuse');
      closed = await startTcpProxy(target);
      closed.setMode('refuse');
    }, 30_000);

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await proxy?.close();
      await closed?.close();
      await database?.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('listens meanwhile (/healthz 200, the rest 503), then serves once the database is up', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer(port, {
        DATABASE_URL: viaProxy(database.url, proxy),
        DATABASE_STARTUP_WAIT_SECONDS: '30',
      });
      children.push(server.child);
      dirs.push(server.dataDir);

      // Alive while it waits: a supervisor does not kill it…
      const alive = await until(`${base}/healthz`, (s) => s === 200, 20_000);
      expect(await alive.json()).toEqual({ status: 'ok' });
      // …and not ready: a load balancer sends it nothing, and what comes anyway gets a clear 503.
      for (const [url, init] of [
        [`${base}/readyz`, {}],
        [`${base}/api/org/waitorg`, {}],
        [
          `${base}/api/org/waitorg/login`,
          { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
        ],
      ] as const) {
        const res = await fetch(url, init);
        expect(res.status, url).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({ errors: [EN_US.databaseUnavailable] });
      }
      const french = await fetch(`${base}/readyz`, { headers: { 'accept-language': 'fr-CA' } });
      expect(((await french.json()) as { errors: string[] }).errors[0]).toMatch(/base de données/);

      // The database comes up: the real app takes over the port within a few seconds.
      proxy.setMode('forward');
      const upAt = Date.now();
      await until(`${base}/readyz`, (s) => s === 200, 15_000);
      // The next attempt comes within the backoff so far (0.5 s doubling), then the app starts.
      expect(Date.now() - upAt).toBeLessThan(10_000);
      const org = await fetch(`${base}/api/org/waitorg`);
      expect(org.status).toBe(200);
      expect(((await org.json()) as { alias: string }).alias).toBe('waitorg');

      const output = server.output();
      expect(output).toMatch(/Waiting for the database \(attempt 1, /);
      expect(output).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${proxy.port}`);
      expect(output).toContain('DATABASE_URL=postgres://postgres:***@127.0.0.1:');
      expect(output).not.toContain(PASSWORD);
    }, 30_000);

    it('ends with the clear message, without the password, once the wait runs out', async () => {
      const server = startServer(await freePort(), {
        DATABASE_URL: viaProxy(database.url, closed),
        DATABASE_STARTUP_WAIT_SECONDS: '2',
      });
      children.push(server.child);
      dirs.push(server.dataDir);
      const { code } = await server.exited;
      const exitedAt = Date.now();
      const output = server.output();
      expect(code, output).toBe(1);
      // 2 s of waiting from the first failed attempt (its log line's time), then the exit; starting
      // TypeScript through tsx before that is not counted (slow on a busy machine).
      const first = output.split('\n').find((line) => line.includes('Waiting for the database'));
      const waitedMs = exitedAt - (JSON.parse(first!) as { time: number }).time;
      expect(waitedMs).toBeGreaterThanOrEqual(1_900);
      expect(waitedMs).toBeLessThan(4_000);
      expect(output).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${closed.port}`);
      expect(output).toMatch(/Start PostgreSQL there, or set DATABASE_URL/);
      expect(output).toContain('Gave up after waiting 2 s (DATABASE_STARTUP_WAIT_SECONDS=2)');
      expect(output.match(/Waiting for the database/g)?.length).toBeGreaterThanOrEqual(2);
      expect(output).not.toContain(PASSWORD);
    }, 30_000);

    it('does not wait for a mistake waiting cannot fix: a database that does not exist', async () => {
      const url = new URL(database.url);
      url.password = PASSWORD;
      url.pathname = '/portal_no_such_database';
      const server = startServer(await freePort(), { DATABASE_URL: url.toString() });
      children.push(server.child);
      dirs.push(server.dataDir);
      const { code } = await server.exited;
      const output = server.output();
      expect(code, output).toBe(1);
      expect(output).toContain(`PostgreSQL at ${url.host} refused DATABASE_URL=`);
      expect(output).toMatch(/does not exist/);
      expect(output).not.toContain('Waiting for the database');
      expect(output).not.toContain(PASSWORD);
    }, 30_000);
  },
);
