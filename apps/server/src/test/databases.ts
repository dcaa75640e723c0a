import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateTo, migrateToLatest, openDatabase, type Db } from '../db/database';

const ALL_DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof ALL_DATABASE_KINDS)[number];

/**
 * The databases the tests run on: both, or those TEST_DATABASES names (comma-separated), as
 * `npm run test:quick` runs on SQLite only for the inner loop. `npm test` and CI run on both.
 */
export const DATABASE_KINDS: readonly DatabaseKind[] = process.env.TEST_DATABASES
  ? ALL_DATABASE_KINDS.filter((kind) => process.env.TEST_DATABASES!.split(',').includes(kind))
  : ALL_DATABASE_KINDS;

/** Whether this run tests on PostgreSQL: the tests made for it alone are skipped otherwise. */
export const TESTS_POSTGRES = DATABASE_KINDS.includes('postgres');

/** The PostgreSQL server of the machine (trust auth); each test file gets its own database on it. */
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  db: Db;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database of the given kind, migrated to the latest migration, or only up to
 * `upTo` (a migration's test fills it as the code before the next one did, then migrates).
 */
export async function createTestDatabase(kind: DatabaseKind, upTo?: string): Promise<TestDatabase> {
  const migrate = (db: Db) => (upTo ? migrateTo(db, upTo) : migrateToLatest(db));
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
    const url = `sqlite:${path.join(dir, 'portal.db')}`;
    const db = openDatabase(url);
    await migrate(db);
    return {
      kind,
      url,
      db,
      drop: async () => {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString());
  await migrate(db);
  return {
    kind,
    url: url.toString(),
    db,
    drop: async () => {
      await db.destroy();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
