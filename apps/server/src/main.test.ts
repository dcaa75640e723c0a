import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makePack } from './test/factories';
import { freePort } from './test/ports';
import { waitForOk } from './test/wait';

const main = path.join(import.meta.dirname, 'main.ts');

const waitForReady = (port: number): Promise<void> =>
  waitForOk(`http://127.0.0.1:${port}/readyz`, 30_000);

function startServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
  const contentDir = path.join(dataDir, 'content');
  fs.mkdirSync(contentDir);
  fs.writeFileSync(path.join(contentDir, 'seed.json'), JSON.stringify(makePack('seeded')));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_DIR: contentDir,
      DEFAULT_ORG: 'seeded',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { child, dataDir, log: () => log };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  let running: ChildProcess | undefined;
  afterEach(() => {
    running?.kill('SIGKILL');
  });

  it('migrates, imports the demo packs into an empty database, and serves them', async () => {
    const port = await freePort();
    const { child, log } = startServer(port);
    running = child;
    await waitForReady(port);
    const org = (await (await fetch(`http://127.0.0.1:${port}/api/org/seeded`)).json()) as {
      alias: string;
    };
    expect(org.alias).toBe('seeded');
    const page = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(page).toContain('<meta name="portal-org" content="seeded">');
    expect(log()).toContain('demo content pack imported');
    expect(log()).not.toContain('learner-pass-1');
  });

  it('answers a request already in flight when SIGTERM comes, then exits cleanly', async () => {
    const port = await freePort();
    const { child } = startServer(port);
    running = child;
    await waitForReady(port);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.write('GET /api/org/seeded HTTP/1.1\r\nHost: localhost\r\n');
    // The point: the request is half sent, across the signal; the child process tells nothing
    // of having read it, nor of having begun to drain, so these two waits are fixed.
    await new Promise((r) => setTimeout(r, 200));
    const exit = exited(child);
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write('Connection: close\r\n\r\n');
    await new Promise((r) => socket.once('close', r));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"alias":"seeded"');
    expect(await exit).toBe(0);
    // New connections are refused once it has gone.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
