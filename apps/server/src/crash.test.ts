import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emptyWorkbook, setFieldValue } from '@portal/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test/databases';
import { makePack } from './test/factories';
import { freePort } from './test/ports';
import { waitForOk } from './test/wait';

const main = path.join(import.meta.dirname, 'main.ts');
const LEARNERS = 50;
const SAVES = 1_000;

function startServer(port: number, databaseUrl: string, contentDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      CONTENT_DIR: contentDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const waitForReady = (base: string): Promise<void> => waitForOk(`${base}/readyz`, 30_000);

describe.each(DATABASE_KINDS)('saves survive a crash (kill -9) on %s', (kind) => {
  let database: TestDatabase;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database?.drop();
  });

  it(`keeps every save answered 2xx among ${SAVES} concurrent saves from ${LEARNERS} learners`, async () => {
    database = await createTestDatabase(kind);
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
    fs.writeFileSync(path.join(contentDir, 'pack.json'), JSON.stringify(makePack('doughmain')));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(port, database.url, contentDir);
    await waitForReady(base);

    const tokens: string[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const res = await fetch(`${base}/api/org/doughmain/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `crash${i}`,
          email: `crash${i}@example.com`,
          password: 'crash-test-pass',
        }),
      });
      tokens.push(((await res.json()) as { token: string }).token);
    }

    // Each save writes its own field, so every acknowledged save must be found afterwards.
    const acknowledged: { learner: number; field: string; value: number }[] = [];
    let answered = 0;
    const crashed = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
    const saves = Array.from({ length: SAVES }, async (_, j) => {
      const learner = j % LEARNERS;
      const field = `f${j}`;
      const workbook = {
        ...emptyWorkbook(),
        general: setFieldValue(
          emptyWorkbook().general,
          field,
          j,
          new Date(Date.UTC(2026, 0, 1, 0, 0, 0, j)).toISOString(),
        ),
      };
      try {
        const res = await fetch(`${base}/api/org/doughmain/workbook`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[learner]}`,
          },
          body: JSON.stringify({ workbook }),
        });
        if (res.ok) acknowledged.push({ learner, field, value: j });
      } catch {
        // Cut off by the crash: not acknowledged, so it may or may not be there.
      }
      answered += 1;
      if (answered === Math.floor(SAVES * 0.4)) server!.kill('SIGKILL');
    });
    await Promise.all(saves);
    await crashed;
    expect(acknowledged.length).toBeGreaterThan(SAVES * 0.3);
    expect(acknowledged.length).toBeLessThan(SAVES);

    server = startServer(port, database.url, contentDir);
    await waitForReady(base);
    const missing: string[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const res = await fetch(`${base}/api/org/doughmain/workbook`, {
        headers: { authorization: `Bearer ${tokens[i]}` },
      });
      const data = (
        (await res.json()) as {
          workbook: { workbook: { general: { data: Record<string, number> } } };
        }
      ).workbook.workbook.general.data;
      for (const save of acknowledged.filter((s) => s.learner === i))
        if (data[save.field] !== save.value) missing.push(`${i}:${save.field}`);
    }
    expect(missing).toEqual([]);
    server.kill('SIGTERM');
  }, 120_000);
});
