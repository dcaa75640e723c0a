import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from './adapters/storage/s3-storage';
import { runCli, type CliIo } from './cli-run';
import { dataTables, organisationIds, ROWS_AT_ONCE } from './db/backup';
import type { Db } from './db/database';
import { auditEventsOf, insertAuditEvent } from './db/repositories/audit-events';
import { RESTORE_ACTION } from './services/backup';
import { startTestApp, type TestApp } from './test/app';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test/databases';
import { freePort } from './test/ports';
import { buildWorld } from './test/world';

/**
 * Every data table's rows, sorted, hashed: what must come back whole from a restore. The audit
 * events the restore itself writes (`backup.restore`) are left out: they are what a restore adds,
 * checked on their own (`restoreEvents`); every other row of the audit log is compared.
 */
async function tableChecksums(db: Db): Promise<Record<string, { rows: number; sha256: string }>> {
  const sums: Record<string, { rows: number; sha256: string }> = {};
  for (const table of await dataTables(db.kysely, db.dialect)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db.kysely,
    );
    const lines = rows.rows
      .filter((row) => !(table === 'audit_events' && row.action === RESTORE_ACTION))
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

/** The restore's own audit events, by organisation id. */
async function restoreEvents(db: Db) {
  const events: Record<string, Awaited<ReturnType<typeof auditEventsOf>>> = {};
  const organisations = await db.kysely.selectFrom('organisations').select('id').execute();
  for (const { id } of organisations)
    events[id] = await auditEventsOf(db, id, { action: RESTORE_ACTION });
  return events;
}

/** A backup file's lines (gzip JSON lines, as made). */
const backupLines = (file: string) =>
  zlib
    .gunzipSync(fs.readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Record<string, unknown>);

/** A backup file's lines, changed by `change`, written to `to`. */
function rewriteBackup(from: string, to: string, change: (line: Record<string, unknown>) => void) {
  const lines = backupLines(from).map((line) => {
    change(line);
    return `${JSON.stringify(line)}\n`;
  });
  fs.writeFileSync(to, zlib.gzipSync(lines.join('')));
}

/** An s3rver on a free port with these buckets, and the settings that point the portal at one. */
async function startBuckets(directory: string, names: string[]) {
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: names.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: (bucket: string) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    storage: (bucket: string) =>
      new S3FileStorage({
        endpoint,
        region: 'us-east-1',
        bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    close: () => server.close(),
  };
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
    // A table of several pages (ROWS_AT_ONCE each): the console's history of one organisation.
    const [org] = await organisationIds(t.database.db);
    for (let i = 0; i < ROWS_AT_ONCE * 2 + 50; i++)
      await insertAuditEvent(t.database.db, org!, {
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        actor: null,
        action: 'settings.save',
        target: `page-${i}`,
        detail: { i },
      });
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

      // The restore is in each organisation's audit log, once, by the system: which backup,
      // made when, and what it held. The source has none (nothing is hidden from the compare).
      expect(Object.values(await restoreEvents(t.database.db)).flat()).toEqual([]);
      const header = backupLines(file)[0] as { createdAt: string };
      const rows = Object.values(before).reduce((n, table) => n + table.rows, 0);
      const events = await restoreEvents(target.db);
      expect(Object.keys(events).length).toBeGreaterThan(1);
      for (const [orgId, logged] of Object.entries(events)) {
        expect(logged, orgId).toHaveLength(1);
        expect(logged[0], orgId).toMatchObject({
          actor: null,
          action: 'backup.restore',
          target: 'organisation',
          detail: {
            file: 'portal.backup',
            backupCreatedAt: header.createdAt,
            rows,
            tables: Object.keys(before).length,
            files: Object.keys(files).length,
          },
        });
      }

      // A second restore into what is no longer empty is refused, and changes nothing.
      const again = cli({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
      expect(await runCli(['restore', file], again.io)).toBe(1);
      expect(again.err()).toContain('the database is not empty');
      expect(await tableChecksums(target.db)).toEqual(before);
      expect(await restoreEvents(target.db)).toEqual(events);
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

  it(
    'restores the local folder into a bucket with each file’s type from the uploads table',
    { timeout: 120_000 },
    async () => {
      // A file in the folder that no upload names goes as bytes of no known type.
      const uploads = path.join(t.config.dataDir, 'uploads');
      const stray = path.join(uploads, 'stray', 'notes.bin');
      fs.mkdirSync(path.dirname(stray), { recursive: true });
      fs.writeFileSync(stray, 'not an upload');
      const buckets = await startBuckets(path.join(work, 's3'), ['restored', 'restored-old']);
      const empty = [await createTestDatabase(kind), await createTestDatabase(kind)];
      try {
        const file = path.join(work, 'typed.backup');
        const backup = cli({ DATABASE_URL: t.database.url, DATA_DIR: t.config.dataDir });
        expect(await runCli(['backup', file], backup.io), backup.err()).toBe(0);
        // The same backup as one made before types were recorded: every file of no known type.
        const untyped = path.join(work, 'untyped.backup');
        rewriteBackup(file, untyped, (line) => {
          if ('file' in line) line.contentType = 'application/octet-stream';
        });

        const uploaded = await t.database.db.kysely
          .selectFrom('uploads')
          .select(['storage_key as key', 'content_type as type'])
          .execute();
        expect(uploaded.map((u) => u.type)).toContain('image/png');
        // The backup records each file's type: its upload's, else none known.
        const recorded = new Map(
          backupLines(file)
            .filter((line) => 'file' in line)
            .map((line) => [line.file, line.contentType]),
        );
        for (const { key, type } of uploaded) expect(recorded.get(key), key).toBe(type);
        expect(recorded.get('stray/notes.bin')).toBe('application/octet-stream');
        for (const [i, [made, bucket]] of [
          [file, 'restored'],
          [untyped, 'restored-old'],
        ].entries()) {
          const restore = cli({
            DATABASE_URL: empty[i]!.url,
            DATA_DIR: path.join(work, `typed-${i}`),
            ...buckets.env(bucket!),
          });
          expect(await runCli(['restore', made!], restore.io), restore.err()).toBe(0);
          // What the portal serves a bucket's file with (http/stored-files.ts).
          const typeOf = async (key: string) =>
            (await buckets.storage(bucket!).get(key))?.contentType;
          for (const { key, type } of uploaded)
            expect(await typeOf(key), `${bucket} ${key}`).toBe(type);
          expect(await typeOf('stray/notes.bin'), bucket).toBe('application/octet-stream');
        }
      } finally {
        fs.rmSync(path.dirname(stray), { recursive: true, force: true });
        await Promise.all(empty.map((db) => db.drop()));
        await buckets.close();
      }
    },
  );
});

describe('the restore drill with the files in a bucket (STORAGE=s3, on an s3rver)', () => {
  let t: TestApp;
  let target: TestDatabase;
  let buckets: Awaited<ReturnType<typeof startBuckets>>;
  let work: string;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-s3-'));
    buckets = await startBuckets(path.join(work, 's3'), ['source', 'restored']);
    t = await startTestApp('sqlite', buckets.env('source'));
    await buildWorld(t);
    await t.services.jobs.stop();
    target = await createTestDatabase('sqlite');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await target?.drop();
    await buckets?.close();
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
        ...buckets.env('source'),
      });
      expect(await runCli(['backup', file], backup.io), backup.err()).toBe(0);
      const restore = cli({
        DATABASE_URL: target.url,
        DATA_DIR: path.join(work, 'data'),
        ...buckets.env('restored'),
      });
      expect(await runCli(['restore', file], restore.io), restore.err()).toBe(0);
      expect(await tableChecksums(target.db)).toEqual(await tableChecksums(t.database.db));

      const keys = (
        await sql<{ key: string }>`select storage_key as key from uploads`.execute(
          t.database.db.kysely,
        )
      ).rows.map((r) => r.key);
      expect(keys.length).toBeGreaterThan(0);
      const sha = async (storage: S3FileStorage, key: string) => {
        const object = await storage.get(key);
        expect(object, key).not.toBeNull();
        const hash = createHash('sha256');
        for await (const chunk of object!.body) hash.update(chunk as Buffer);
        return hash.digest('hex');
      };
      for (const key of keys)
        expect(await sha(buckets.storage('restored'), key), key).toBe(
          await sha(buckets.storage('source'), key),
        );
    },
  );
});
