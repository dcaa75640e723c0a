import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from './adapters/storage/s3-storage';
import { runCli, type CliIo } from './cli-run';
import { dataTables } from './db/backup';
import type { Db } from './db/database';
import { startTestApp, type TestApp } from './test/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test/databases';
import { freePort } from './test/ports';
import { buildWorld } from './test/world';

/** Every data table's rows, sorted, hashed: what must come back whole from a restore. */
async function tableChecksums(db: Db): Promise<Record<string, { rows: number; sha256: string }>> {
  const sums: Record<string, { rows: number; sha256: string }> = {};
  for (const table of await dataTables(db.kysely, db.dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    const lines = rows.rows
      .map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
      .sort();
    sums[table] = {
      rows: lines.length,
      sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return sums;
}

/** Every file under `root`, by its path there, hashed. */
function fileChecksums(root: string): Record<string, string> {
  const sums: Record<string, string> = {};
  if (!fs.existsSync(root)) return sums;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    sums[path.relative(root, full)] = createHash('sha256')
      .update(fs.readFileSync(full))
      .digest('hex');
  }
  return sums;
}

function cli(env: Record<string, string>) {
  let err = '';
  const io: CliIo = { stdout: () => {}, stderr: (text) => (err += text), env };
  return { io, err: () => err };
}

describe.each(DATABASE_KINDS)('the restore drill on %s', (kind) => {
  let t: TestApp;
  let target: TestDatabase;
  let work: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // Accounts, workbooks, orders with their seats and invitations, messages, uploaded files.
    await buildWorld(t);
    // The background jobs stop, so that what was backed up still holds when it is compared
    // (the app itself goes on answering).
    await t.services.jobs.stop();
    target = await createTestDatabase(kind);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up while the app runs, restores into an empty database and storage: 0 differences',
    { timeout: 120_000 },
    async () => {
      const file = path.join(work, 'portal.backup');
      const source = { DATABASE_URL: t.database.url, DATA_DIR: t.config.dataDir };
      const backup = cli(source);
      expect(await runCli(['backup', file], backup.io), backup.err()).toBe(0);
      expect(backup.err()).toMatch(/backed up \d+ rows in \d+ tables, [1-9]\d* files/);

      const restoredDir = path.join(work, 'restored');
      const restore = cli({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
      expect(await runCli(['restore', file], restore.io), restore.err()).toBe(0);

      const before = await tableChecksums(t.database.db);
      const after = await tableChecksums(target.db);
      // The drill's data is all there: accounts, workbooks, orders, messages, uploads.
      for (const table of ['users', 'workbooks', 'orders', 'messages', 'uploads', 'invites'])
        expect(before[table]?.rows, table).toBeGreaterThan(0);
      expect(after).toEqual(before);
      const files = fileChecksums(path.join(t.config.dataDir, 'uploads'));
      expect(Object.keys(files).length).toBeGreaterThan(0);
      expect(fileChecksums(path.join(restoredDir, 'uploads'))).toEqual(files);

      // The search index, left out of the file, is rebuilt from the topics.
      const index = async (db: Db) =>
        (await sql<{ n: number }>`select count(*) as n from topic_search`.execute(db.kysely))
          .rows[0]!.n;
      expect(Number(await index(target.db))).toBe(Number(await index(t.database.db)));

      // A second restore into what is no longer empty is refused, and changes nothing.
      const again = cli({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
      expect(await runCli(['restore', file], again.io)).toBe(1);
      expect(again.err()).toContain('the database is not empty');
      expect(await tableChecksums(target.db)).toEqual(before);
    },
  );

  it(
    'refuses a file cut off anywhere, or not a backup, keeping nothing of it',
    { timeout: 60_000 },
    async () => {
      const whole = path.join(work, 'whole.backup');
      const source = cli({ DATABASE_URL: t.database.url, DATA_DIR: t.config.dataDir });
      expect(await runCli(['backup', whole], source.io)).toBe(0);
      const bytes = fs.readFileSync(whole);
      const empty = await createTestDatabase(kind);
      try {
        // Cut short at several places (the gzip stream ends early, or only its last line is lost),
        // and a file that is no backup at all.
        const cuts = [0.1, 0.6, 0.97].map((at) => bytes.subarray(0, Math.floor(bytes.length * at)));
        for (const [i, content] of [...cuts, Buffer.from('{"hello":"world"}\n')].entries()) {
          const file = path.join(work, `bad-${i}.backup`);
          fs.writeFileSync(file, content);
          const restore = cli({ DATABASE_URL: empty.url, DATA_DIR: path.join(work, `bad-${i}`) });
          expect(await runCli(['restore', file], restore.io), `file ${i}`).toBe(1);
          const users = await sql<{ n: number }>`select count(*) as n from users`.execute(
            empty.db.kysely,
          );
          expect(Number(users.rows[0]!.n), `file ${i}`).toBe(0);
        }
      } finally {
        await empty.drop();
      }
    },
  );
});

describe('the restore drill with the files in a bucket (STORAGE=s3, on an s3rver)', () => {
  let t: TestApp;
  let target: TestDatabase;
  let s3: S3rver;
  let work: string;
  let bucketEnv: (bucket: string) => Record<string, string>;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-s3-'));
    const port = await freePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [
        { name: 'source', configs: [] },
        { name: 'restored', configs: [] },
      ],
    });
    await s3.run();
    bucketEnv = (bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    t = await startTestApp('sqlite', bucketEnv('source'));
    await buildWorld(t);
    await t.services.jobs.stop();
    target = await createTestDatabase('sqlite');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'backs up the files the uploads name from one bucket and restores them into another',
    { timeout: 120_000 },
    async () => {
      const file = path.join(work, 'portal.backup');
      const backup = cli({
        DATABASE_URL: t.database.url,
        DATA_DIR: t.config.dataDir,
        ...bucketEnv('source'),
      });
      expect(await runCli(['backup', file], backup.io), backup.err()).toBe(0);
      const restore = cli({
        DATABASE_URL: target.url,
        DATA_DIR: path.join(work, 'data'),
        ...bucketEnv('restored'),
      });
      expect(await runCli(['restore', file], restore.io), restore.err()).toBe(0);
      expect(await tableChecksums(target.db)).toEqual(await tableChecksums(t.database.db));

      const keys = (
        await sql<{ key: string }>`select storage_key as key from uploads`.execute(
          t.database.db.kysely,
        )
      ).rows.map((r) => r.key);
      expect(keys.length).toBeGreaterThan(0);
      const bucket = (name: string) => {
        const env = bucketEnv(name);
        return new S3FileStorage({
          endpoint: env.S3_ENDPOINT,
          region: 'us-east-1',
          bucket: name,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        });
      };
      const sha = async (storage: S3FileStorage, key: string) => {
        const object = await storage.get(key);
        expect(object, key).not.toBeNull();
        const hash = createHash('sha256');
        for await (const chunk of object!.body) hash.update(chunk as Buffer);
        return hash.digest('hex');
      };
      for (const key of keys)
        expect(await sha(bucket('restored'), key), key).toBe(await sha(bucket('source'), key));
    },
  );
});
