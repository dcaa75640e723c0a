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
import * as searchAudience from './migrations/0010-search-audience';
import * as groupProgress from './migrations/0012-group-progress';
import * as cohorts from './migrations/0013-cohorts';
import * as accountChanges from './migrations/0014-account-changes';
import * as topicVersions from './migrations/0015-topic-versions';
import * as jobs from './migrations/0016-jobs';
import * as studio from './migrations/0017-studio';
import * as previewWorkbooks from './migrations/0018-preview-workbooks';
import * as auditLog from './migrations/0019-audit-log';
import * as settingsVersions from './migrations/0020-settings-versions';
import * as people from './migrations/0021-people';
import * as certificates from './migrations/0023-certificates';
import * as peopleSearch from './migrations/0024-people-search';
import * as peopleStaff from './migrations/0025-people-staff';
import * as signingKeys from './migrations/0026-signing-keys';
import * as notifications from './migrations/0027-notifications';
import type { Database } from './schema';
import {
  AwayCircuit,
  isConnectionLost,
  isDatabaseUnavailable,
  PROBE_TIMEOUT_MS,
} from './unavailable';
import { prepareSqliteFolder } from './startup-errors';
import { StuckConnectionWatch, type BackendState } from './stuck-connections';
import { statementName } from './statement-names';

/** Ends a connection at once (the pool drops a client that has ended when it is released). */
function closeClient(client: pg.ClientBase): void {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection
    ?.stream;
  stream?.destroy();
}

/** What the server says of the backends of these process ids (StuckConnectionWatch). */
async function backendStates(url: string, pids: number[]): Promise<Map<number, BackendState>> {
  const states = new Map<number, BackendState>();
  await probeDatabase(url, async (client) => {
    const { rows } = await client.query<{ pid: number; state: string | null; quiet_ms: number }>(
      `select pid, state,
         (extract(epoch from clock_timestamp() - state_change) * 1000)::float8 as quiet_ms
       from pg_stat_activity where pid = any($1::int[])`,
      [pids],
    );
    for (const row of rows)
      states.set(Number(row.pid), { state: row.state, quietMs: Number(row.quiet_ms) });
  });
  return states;
}

/**
 * Asks PostgreSQL `select 1` on a connection of its own, within PROBE_TIMEOUT_MS in all: whether
 * the database answers at all (AwayCircuit). A probe that gets no answer rejects with ETIMEDOUT.
 */
async function probeDatabase(
  url: string,
  work: (client: pg.Client) => Promise<void> = async (client) => {
    await client.query('select 1');
  },
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error('The database did not answer a probe'), { code: 'ETIMEDOUT' }),
        ),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await work(client);
      })(),
      deadline,
    ]);
    client.end().catch(() => {});
  } catch (err) {
    closeClient(client);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

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
  /** PostgreSQL: the pool's connections (metrics); SQLite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
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
  '0010-search-audience': searchAudience,
  '0012-group-progress': groupProgress,
  '0013-cohorts': cohorts,
  '0014-account-changes': accountChanges,
  '0015-topic-versions': topicVersions,
  '0016-jobs': jobs,
  '0017-studio': studio,
  '0018-preview-workbooks': previewWorkbooks,
  '0019-audit-log': auditLog,
  '0020-settings-versions': settingsVersions,
  '0021-people': people,
  '0023-certificates': certificates,
  '0024-people-search': peopleSearch,
  '0025-people-staff': peopleStaff,
  '0026-signing-keys': signingKeys,
  '0027-notifications': notifications,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** How long the server waits for the database (docs/configuration.md, DB_*_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  /** A new connection, or a free one from the pool (PostgreSQL); a lock (SQLite busy timeout). */
  connectTimeoutMs: number;
  /** One statement: cancelled by the server after this, given up by the client 1 s later. */
  queryTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 3_000,
  queryTimeoutMs: 10_000,
};

export function openDatabase(url: string, timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    prepareSqliteFolder(url, file);
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${Math.round(timeouts.connectTimeoutMs)}`);
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
  const connectTimeoutMs = timeouts.connectTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Making a connection is bounded by DB_CONNECT_TIMEOUT_MS (the client's own timeout, below);
    // waiting for a free one in a busy pool by more: a burst of requests is slow, not refused.
    connectionTimeoutMillis: Math.max(30_000, connectTimeoutMs),
    Client: class extends pg.Client {
      constructor(config: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    } as unknown as new () => pg.ClientBase,
    // The server cancels a statement after this; the client gives up a second later, for a
    // database that no longer answers at all. (0: none, for migrations.)
    ...(timeouts.queryTimeoutMs > 0 && {
      statement_timeout: timeouts.queryTimeoutMs,
      query_timeout: timeouts.queryTimeoutMs + 1_000,
    }),
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A connection that dies while idle (database restart, admin command) is dropped by the pool
  // and replaced on the next query; without a listener the event would crash the process.
  pool.on('error', () => {});
  // The pool's connections, so that they can all be closed when the database is found away.
  const clients = new Set<pg.PoolClient>();
  /** The connections lent out by the pool (the others wait in it, idle). */
  const lent = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_err, client) => lent.delete(client));
  // A connection whose network path froze while new ones still open (issue 24, point 6): its
  // query is failed within about a second (503), and the pool's idle connections, opened over
  // the same path, are closed too, so that the next requests get fresh ones.
  const stuck = new StuckConnectionWatch<pg.PoolClient>({
    pidOf: (client) => (client as unknown as { processID?: number | null }).processID ?? undefined,
    check: (pids) => backendStates(url, pids),
    onStuck: (found) => {
      for (const client of found) closeClient(client);
      for (const client of clients) if (!lent.has(client)) closeClient(client);
    },
  });
  pool.on('remove', (client) => {
    clients.delete(client);
    lent.delete(client);
    stuck.forget(client);
  });
  // Whether the database is away is decided by a probe on a connection of its own (issue 16):
  // a stall is answered 503 within about 2.5 s instead of after the query timeout.
  const away = new AwayCircuit({
    probe: () => probeDatabase(url),
    onAway: () => {
      for (const client of clients) closeClient(client);
    },
  });
  // A connection whose query timed out or broke may still wait for an answer that never comes:
  // it is closed, so that the pool replaces it and the server recovers by itself once the
  // database is back, instead of reusing a wedged connection.
  pool.on('connect', (client) => {
    clients.add(client);
    // A connection that breaks while a query runs fails that query; the pool listens only while
    // the connection is idle, so without this the 'error' event would crash the process.
    client.on('error', () => {});
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      // A query compiled once runs as a named statement: parsed and planned once per connection.
      const name = typeof args[0] === 'string' ? statementName(args[0]) : undefined;
      const result = name
        ? query({ name, text: args[0], values: args[1] }, ...args.slice(2))
        : query(...args);
      if (result instanceof Promise) {
        const done = away.begin();
        const answered = stuck.sending(client);
        result.then(
          () => {
            done();
            answered();
            away.answered();
          },
          (err: unknown) => {
            done();
            answered();
            if (!isDatabaseUnavailable(err)) return away.answered();
            closeClient(client);
            if (isConnectionLost(err)) away.suspect();
          },
        );
      }
      return result;
    };
  });
  // Requests fail at once (503) while the database is known to be away, rather than each
  // waiting for its own timeout (issue 16, F4).
  const gate = {
    connect: () => away.connect(() => pool.connect()),
    end: () => {
      away.close();
      stuck.close();
      return pool.end();
    },
  } as unknown as pg.Pool;
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gate }) });
  return {
    kysely,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    destroy: () => kysely.destroy(),
  };
}

/**
 * Migrates the database of `url`, whose server connection is `db`. On PostgreSQL the migrations
 * run on a connection of their own without a statement timeout: building an index on a large
 * table may take longer than any request should.
 */
export async function migrateDatabase(url: string, db: Db): Promise<string[]> {
  if (db.dialect !== 'postgres') return migrateToLatest(db);
  const own = openDatabase(url, { connectTimeoutMs: 10_000, queryTimeoutMs: 0 });
  try {
    return await migrateToLatest(own);
  } finally {
    await own.destroy();
  }
}

/** Migrates up (or down) to the migration `name`: tests of a migration start from the one before. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
