import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/ports';

const main = path.join(import.meta.dirname, 'main.ts');

/** Starts the server with `databaseUrl`; resolves with its output once it exits, or after `ms`. */
function startWith(databaseUrl: string, env: Record<string, string> = {}, ms = 15_000) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
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
  const started = Date.now();
  const done = new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const timer = setTimeout(() => resolve({ code: null, output, ms: Date.now() - started }), ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
  return { child, done, dataDir };
}

describe('a DATABASE_URL the server cannot use (issue 16)', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('fails fast, naming the setting, for a SQLite path whose folder cannot be created', async () => {
    const { child, done } = startWith('sqlite:/proc/no-such-folder/portal.db');
    children.push(child);
    const { code, output } = await done;
    // It used to spin at 100 % CPU, deaf to SIGTERM, and never listen.
    expect(code, output).toBe(1);
    expect(output).toContain('DATABASE_URL=sqlite:/proc/no-such-folder/portal.db');
    expect(output).toMatch(/cannot be created/);
    expect(output).toContain('sqlite:./data/portal.db');
  });

  it('says which setting is wrong and how to fix it for PostgreSQL at a closed port, without the password', async () => {
    const port = await freePort();
    // No wait for the database to come up (the old behaviour; startup-wait.test.ts tests the wait).
    const { child, done } = startWith(`postgres://portal:s3cret-pw@127.0.0.1:${port}/portal`, {
      DATABASE_STARTUP_WAIT_SECONDS: '0',
    });
    children.push(child);
    const { code, output } = await done;
    expect(code, output).toBe(1);
    expect(output).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${port}`);
    expect(output).toContain('DATABASE_URL=postgres://portal:***@127.0.0.1:');
    expect(output).toMatch(/Start PostgreSQL there, or set DATABASE_URL/);
    expect(output).not.toContain('s3cret-pw');
  });
});
