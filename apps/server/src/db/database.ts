import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import * as initial from './migrations/0001-initial';
import * as accounts from './migrations/0002-accounts';
import * as workbooks from './migrations/0003-workbooks';
import * as contents from './migrations/0004-contents';
import * as searchAndEvents from './migrations/0005-search-and-events';
import * as orders from './migrations/0006-orders';
import * as paymentEventStatus from './migrations/0007-payment-event-status';
import * as messages from './migrations/0008-messages';
import * as sso from './migrations/0009-sso';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** A statement prepared on the SQLite connection, run synchronously. */
export interface SyncStatement {
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number };
}

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * SQLite only: the connection's statements, to run a few statements with no await between
   * them (nothing else in the process can run in between; see WorkbookService.save).
   */
  sqlite?: {
    prepare(text: string): SyncStatement;
    /** Whether a transaction is open (SQLite ends one by itself on some errors). */
    readonly inTransaction: boolean;
  };
  /** Answers when the database does (readiness). */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

/** Migrations are bundled with the code (no directory scanning), in the order they apply. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-workbooks': workbooks,
  '0004-contents': contents,
  '0005-search-and-events': searchAndEvents,
  '0006-orders': orders,
  '0007-payment-event-status': paymentEventStatus,
  '0008-messages': messages,
  '0009-sso': sso,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function openDatabase(url: string): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Kysely prepares every statement anew; better-sqlite3 statements can be reused, so the same
    // SQL text gets the same prepared statement (one connection, run synchronously: safe).
    const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: 1_000 });
    const database = {
      close: () => sqlite.close(),
      get inTransaction() {
        return sqlite.inTransaction;
      },
      prepare(text: string) {
        let statement = statements.get(text);
        if (!statement) {
          statement = sqlite.prepare(text);
          statements.set(text, statement);
        }
        return statement;
      },
    };
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    return {
      kysely,
      dialect: 'sqlite',
      sqlite: database,
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      destroy: () => kysely.destroy(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection that dies while idle (database restart, admin command) is dropped by the pool
  // and replaced on the next query; without a listener the event would crash the process.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    destroy: () => kysely.destroy(),
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
