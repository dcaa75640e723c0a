import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { AuditAction } from '@portal/domain';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import {
  appliedMigrations,
  insertRows,
  isEmpty,
  organisationIds,
  readSnapshot,
  ROWS_AT_ONCE,
  uploadedFiles,
  type Row,
} from '../db/backup';
import { insertAuditEvent } from '../db/repositories/audit-events';
import { inTransaction, type Executor } from '../db/repositories/executor';
import { reindexStoredTopics } from './search-index';

/**
 * A backup (docs/production.md, "Backups"): one gzip file of JSON lines — a header naming the
 * format, the database kind and the migrations applied; each data table's rows, a page a line;
 * each stored file, base64; and a last line with the counts, so that a cut-off file is refused.
 */
const FORMAT = 'portal-backup/1';

type Line =
  | { format: string; dialect: Db['dialect']; migrations: string[]; createdAt: string }
  | { table: string; rows: Row[] }
  | { file: string; contentType: string; data: string }
  | { end: true; rows: Record<string, number>; files: number };

/** Where the stored files are: a local folder (walked whole) or a bucket (the uploads it names). */
export interface BackupFiles {
  /** The files to back up, read in the snapshot's transaction `tx`. */
  list(tx: Executor): Promise<Array<{ key: string; contentType: string }>>;
  read(key: string): Promise<Buffer>;
  write(key: string, data: Buffer, contentType: string): Promise<void>;
}

/** What a file the uploads table does not name is stored as. */
const UNKNOWN_TYPE = 'application/octet-stream';

/**
 * The files of a local uploads folder: every file in it, whatever table names it, each with the
 * type the uploads table records for it (a restore into a bucket serves them with it).
 */
export function localFiles(root: string, storage: FileStorage): BackupFiles {
  return {
    async list(tx) {
      const types = new Map((await uploadedFiles(tx)).map((f) => [f.key, f.contentType]));
      const found: Array<{ key: string; contentType: string }> = [];
      async function walk(dir: string): Promise<void> {
        const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile()) {
            const key = path.relative(root, full).split(path.sep).join('/');
            found.push({ key, contentType: types.get(key) ?? UNKNOWN_TYPE });
          }
        }
      }
      await walk(root);
      return found;
    },
    read: (key) => fsp.readFile(path.join(root, key)),
    async write(key, data, contentType) {
      await storage.put(key, data, contentType);
    },
  };
}

/** The files of a bucket: those the uploads table names (a bucket is not walked). */
export function bucketFiles(
  storage: FileStorage & Required<Pick<FileStorage, 'get'>>,
): BackupFiles {
  return {
    list: (tx) => uploadedFiles(tx),
    async read(key) {
      const object = await storage.get(key);
      if (!object) throw new Error(`the stored file ${key} is missing`);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async write(key, data, contentType) {
      await storage.put(key, data, contentType);
    },
  };
}

/** Bytes and dates kept as what they were through JSON. */
function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return { $date: value.toISOString() };
  return value;
}

function decodeValue(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $bytes?: string; $date?: string };
    if (typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64');
    if (typeof tagged.$date === 'string') return new Date(tagged.$date);
  }
  return value;
}

const encodeRow = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)]));
const decodeRow = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, decodeValue(v)]));

export interface BackupSummary {
  rows: Record<string, number>;
  files: number;
}

/**
 * Writes a backup of `db` and its stored files to `file` while the server runs: the rows from
 * one snapshot, then the files. Written aside and renamed, so `file` is whole or absent.
 */
export async function writeBackup(
  db: Db,
  files: BackupFiles,
  file: string,
): Promise<BackupSummary> {
  const partial = `${file}.part`;
  const summary: BackupSummary = { rows: {}, files: 0 };
  await readSnapshot(db, async ({ tx, migrations, tables, page }) => {
    const keys = await files.list(tx);
    async function* lines(): AsyncGenerator<string> {
      const header: Line = {
        format: FORMAT,
        dialect: db.dialect,
        migrations,
        createdAt: new Date().toISOString(),
      };
      yield `${JSON.stringify(header)}\n`;
      for (const table of tables) {
        summary.rows[table] = 0;
        for await (const rows of page(table)) {
          summary.rows[table] += rows.length;
          yield `${JSON.stringify({ table, rows: rows.map(encodeRow) } satisfies Line)}\n`;
        }
      }
      for (const { key, contentType } of keys) {
        const data = await files.read(key);
        summary.files += 1;
        yield `${JSON.stringify({ file: key, contentType, data: data.toString('base64') } satisfies Line)}\n`;
      }
      yield `${JSON.stringify({ end: true, ...summary } satisfies Line)}\n`;
    }
    await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(partial));
  });
  await fsp.rename(partial, file);
  return summary;
}

export class BackupRefused extends Error {}

/** The audit event of a restore, one per organisation restored. */
export const RESTORE_ACTION = 'backup.restore' satisfies AuditAction;

/**
 * A restore in the audit log of each organisation it brought back, by the system (as the CLI's
 * pack import): which backup, made when, and what it held.
 */
async function auditRestore(
  tx: Executor,
  backup: { file: string; createdAt: string },
  summary: BackupSummary,
): Promise<void> {
  const restored = {
    file: path.basename(backup.file),
    backupCreatedAt: backup.createdAt,
    rows: Object.values(summary.rows).reduce((a, b) => a + b, 0),
    tables: Object.keys(summary.rows).length,
    files: summary.files,
  };
  const at = new Date().toISOString();
  for (const id of await organisationIds(tx))
    await insertAuditEvent(tx, id, {
      actor: null,
      action: RESTORE_ACTION,
      target: 'organisation',
      detail: restored,
      // The console and its CSV show what came to be (they do not show the detail).
      before: null,
      after: restored,
      at,
    });
}

/**
 * Restores a backup into `db`, which must be empty and at the same migrations, and its files into
 * `files`: every row in one transaction (nothing is kept of a file that is cut off or refused),
 * then the search index rebuilt from the topics, and the restore written to each restored
 * organisation's audit log, in the same transaction.
 */
export async function restoreBackup(
  db: Db,
  files: BackupFiles,
  file: string,
): Promise<BackupSummary> {
  if (!(await isEmpty(db)))
    throw new BackupRefused('the database is not empty: a backup is restored into an empty one');
  const summary: BackupSummary = { rows: {}, files: 0 };
  // A file that cannot be read whole (cut off, not gzip) ends the lines; it is refused below.
  let unreadable: Error | undefined;
  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  const input = readline.createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity });
  const stop = (err: Error) => {
    unreadable ??= err;
    input.close();
  };
  source.on('error', stop);
  gunzip.on('error', stop);
  // Taken at once: an iterator asked for after the lines have ended (an error that came while
  // the transaction began) would wait for ever.
  const lines = input[Symbol.asyncIterator]();
  await inTransaction(db, async (tx) => {
    let header: { createdAt: string } | undefined;
    let ended = false;
    let uploadTypes: Map<string, string> | undefined;
    for await (const text of { [Symbol.asyncIterator]: () => lines }) {
      if (!text) continue;
      const line = JSON.parse(text) as Line;
      if (!header) {
        if (!('format' in line) || line.format !== FORMAT)
          throw new BackupRefused(`${file} is not a portal backup (${FORMAT})`);
        if (line.dialect !== db.dialect)
          throw new BackupRefused(
            `${file} is a backup of a ${line.dialect} database; this one is ${db.dialect}`,
          );
        const here = await appliedMigrations(tx);
        if (here.join() !== line.migrations.join())
          throw new BackupRefused(
            `${file} was made at migration ${line.migrations.at(-1)}; this database is at ${here.at(-1)}: restore it with the same version of the portal`,
          );
        header = { createdAt: line.createdAt };
      } else if ('table' in line) {
        for (let i = 0; i < line.rows.length; i += ROWS_AT_ONCE)
          await insertRows(tx, line.table, line.rows.slice(i, i + ROWS_AT_ONCE).map(decodeRow));
        summary.rows[line.table] = (summary.rows[line.table] ?? 0) + line.rows.length;
      } else if ('file' in line) {
        // A file a backup did not know the type of (a local folder's, before its types were
        // taken from the uploads table) gets the one its upload row, restored above, records.
        let contentType = line.contentType;
        if (contentType === UNKNOWN_TYPE) {
          uploadTypes ??= new Map((await uploadedFiles(tx)).map((f) => [f.key, f.contentType]));
          contentType = uploadTypes.get(line.file) ?? UNKNOWN_TYPE;
        }
        await files.write(line.file, Buffer.from(line.data, 'base64'), contentType);
        summary.files += 1;
      } else if ('end' in line) {
        const short = Object.entries(line.rows).filter(([t, n]) => (summary.rows[t] ?? 0) !== n);
        if (short.length || line.files !== summary.files)
          throw new BackupRefused(`${file} does not hold what its last line counts`);
        summary.rows = line.rows;
        ended = true;
      }
    }
    if (unreadable) throw new BackupRefused(`${file} cannot be read whole: ${unreadable.message}`);
    if (!ended || !header) throw new BackupRefused(`${file} is cut off: its last line is missing`);
    await reindexStoredTopics(tx);
    await auditRestore(tx, { file, createdAt: header.createdAt }, summary);
  });
  return summary;
}
