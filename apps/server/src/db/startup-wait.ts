import pg from 'pg';
import { isConnectionLost } from './unavailable';
import { databaseStartupMessage, redactedDatabaseUrl } from './startup-errors';

/**
 * Waiting at start for a PostgreSQL server that is not up yet (DATABASE_STARTUP_WAIT_SECONDS,
 * issue 16): containers, or a restart of both, often bring the database up a few seconds after
 * the app. Only errors that time can fix are waited out; a wrong password, a database that does
 * not exist or a bad URL fail at once (startup-errors.ts).
 */

/** First pause between attempts; it doubles up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
/** One attempt gives up after this at least, even when little of the wait is left. */
const MIN_ATTEMPT_MS = 500;

/**
 * Whether waiting may fix this error of reaching PostgreSQL: refused, cut or mute connections,
 * a host name that does not resolve yet, a server starting up or shutting down (57P0x) or
 * refusing connections for now (08xxx, too many connections).
 */
export function isWorthWaitingFor(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  if (isConnectionLost(err) || e.code === '53300') return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isWorthWaitingFor(x, depth + 1))) return true;
  return isWorthWaitingFor(e.cause, depth + 1);
}

/** Connects once and runs `select 1`, within `timeoutMs`. */
async function probe(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A connection cut while connecting fails connect(); without a listener it would also crash.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

export interface StartupWaitOptions {
  /** How long to wait at most (0: one attempt, no wait). */
  waitSeconds: number;
  /** One attempt's connection timeout (DB_CONNECT_TIMEOUT_MS), shortened to what is left. */
  connectTimeoutMs: number;
  /** One line per failed attempt that will be tried again; never holds the password. */
  warn(line: string, fields: { attempt: number; retryInMs: number; waitedMs: number }): void;
  /** Called once, at the first failed attempt that will be tried again. */
  onWaiting?(): Promise<void> | void;
}

/**
 * Resolves once PostgreSQL at `url` answers. Throws at once for an error waiting cannot fix, or
 * when `waitSeconds` have passed, with the clear message of startup-errors.ts.
 */
export async function waitForPostgres(url: string, options: StartupWaitOptions): Promise<void> {
  const started = Date.now();
  const deadline = started + options.waitSeconds * 1_000;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const left = deadline - Date.now();
    try {
      await probe(url, Math.max(MIN_ATTEMPT_MS, Math.min(options.connectTimeoutMs, left)));
      return;
    } catch (err) {
      const message =
        databaseStartupMessage(err, url) ??
        `Cannot use PostgreSQL (DATABASE_URL=${redactedDatabaseUrl(url)}): ${
          (err as Error)?.message || String(err)
        }.`;
      const waitedMs = Date.now() - started;
      const remaining = deadline - Date.now();
      if (!isWorthWaitingFor(err) || remaining <= 0) {
        const gaveUp =
          options.waitSeconds > 0 && isWorthWaitingFor(err)
            ? ` Gave up after waiting ${Math.round(waitedMs / 1_000)} s (DATABASE_STARTUP_WAIT_SECONDS=${options.waitSeconds}).`
            : '';
        throw new Error(message + gaveUp, { cause: err });
      }
      const retryInMs = Math.min(delay, remaining);
      options.warn(
        `Waiting for the database (attempt ${attempt}, ${Math.round(waitedMs / 1_000)} of ${options.waitSeconds} s; trying again in ${(retryInMs / 1_000).toFixed(1)} s): ${message}`,
        { attempt, retryInMs, waitedMs },
      );
      if (attempt === 1) await options.onWaiting?.();
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
