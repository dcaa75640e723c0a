import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase, TESTS_POSTGRES } from '../../test/databases';
import { makePack } from '../../test/factories';
import { openSse, type SseClient } from '../../test/sse';
import { waitForOk } from '../../test/wait';

const main = path.join(import.meta.dirname, '../../main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'two-process-pass';

/** A free port of the machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(port: number, databaseUrl: string, contentDir: string, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      CONTENT_DIR: contentDir,
      REDIS_URL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const waitForReady = (base: string): Promise<void> => waitForOk(`${base}/readyz`, 30_000);

const user = (username: string, role: 'member' | 'admin') => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  name: { first: username, last: 'Two' },
  groups: [{ group: 'insiders', role }],
});

describe.skipIf(!TESTS_POSTGRES)(
  'messages across two server processes (PostgreSQL, Redis pub/sub)',
  () => {
    let database: TestDatabase;
    const servers: ChildProcess[] = [];
    const streams: SseClient[] = [];
    const dirs: string[] = [];
    let a: string;
    let b: string;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
      dirs.push(contentDir);
      fs.writeFileSync(
        path.join(contentDir, 'pack.json'),
        JSON.stringify(
          makePack('doughmain', {
            organisation: { enableMessaging: true },
            users: [user('admin2', 'admin'), user('poster', 'member'), user('member2', 'member')],
          } as never),
        ),
      );
      const [portA, portB] = [await freePort(), await freePort()];
      a = `http://127.0.0.1:${portA}`;
      b = `http://127.0.0.1:${portB}`;
      const dataA = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-a-'));
      const dataB = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-b-'));
      dirs.push(dataA, dataB);
      // A imports the pack into the empty database; B starts on it once A is ready.
      servers.push(startServer(portA, database.url, contentDir, dataA));
      await waitForReady(a);
      servers.push(startServer(portB, database.url, contentDir, dataB));
      await waitForReady(b);
      for (const name of ['admin2', 'poster', 'member2']) {
        const res = await fetch(`${a}/api/org/doughmain/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: name, password: PASSWORD }),
        });
        expect(res.status).toBe(200);
        tokens[name] = ((await res.json()) as { token: string }).token;
      }
    }, 60_000);

    afterAll(async () => {
      for (const s of streams) s.close();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              if (server.exitCode !== null) return resolve();
              server.once('exit', () => resolve());
              server.kill('SIGTERM');
              setTimeout(() => server.kill('SIGKILL'), 5_000).unref();
            }),
        ),
      );
      await database?.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const url = (base: string) => `${base}/api/org/doughmain/userGroup/insiders/message`;
    const open = async (base: string, who: string) => {
      const s = await openSse(`${url(base)}/stream`, bearer(tokens[who]!));
      streams.push(s);
      expect(s.status).toBe(200);
      await s.until(() => s.comments.includes('ready'));
      return s;
    };
    const post = async (base: string, who: string, body: Record<string, unknown>) => {
      const res = await fetch(url(base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(tokens[who]!) },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { message: { _id: string } }).message;
    };

    it('delivers a message posted on process A to a stream on process B in under a second', async () => {
      const onB = await open(b, 'member2');
      const started = Date.now();
      const message = await post(a, 'poster', { body: 'From A' });
      await onB.until(() => onB.events.some((e) => e.id === message._id), 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(JSON.parse(onB.events.at(-1)!.data)).toEqual(message);
    });

    it('delivers a private message to the administrator and the sender, on either process, not to a member', async () => {
      const adminB = await open(b, 'admin2');
      const senderA = await open(a, 'poster');
      const memberA = await open(a, 'member2');
      const memberB = await open(b, 'member2');
      const secret = await post(a, 'poster', { body: 'Private', isPrivate: true });
      const after = await post(b, 'poster', { body: 'Public, after' });
      for (const s of [adminB, senderA, memberA, memberB])
        await s.until(() => s.events.some((e) => e.id === after._id), 2_000);
      expect(adminB.events.map((e) => e.id)).toEqual([secret._id, after._id]);
      expect(senderA.events.map((e) => e.id)).toEqual([secret._id, after._id]);
      expect(memberA.events.map((e) => e.id)).toEqual([after._id]);
      expect(memberB.events.map((e) => e.id)).toEqual([after._id]);
    });
  },
);
