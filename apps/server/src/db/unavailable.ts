/**
 * Whether an error means the database is away or too busy for now (issue 16, F4): refused or
 * broken connections, timeouts, a server shutting down, a read-only or full SQLite file. The
 * error handler answers these with 503 and a clear message (http/errors.ts), never a 500.
 */

/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (class 08), the server shutting down or starting
 * (57P01–57P03), a statement cancelled by `statement_timeout` (57014), too many connections,
 * disk full, out of memory.
 */
const PG_STATES = /^(08...|57P0[123]|57014|53300|53100|53200)$/;

/** SQLite: locked too long, a read-only file, a full disk, an I/O error, a file that cannot open. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN|NOTADB|CORRUPT)/;

/** pg's own messages for a timeout or a connection that ended. */
const PG_MESSAGES =
  /^(Query read timeout|timeout expired|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated unexpectedly|Cannot use a pool after calling end)/;

/** The code of the error a request gets while the database is known to be away (AwayCircuit). */
export const DATABASE_AWAY_CODE = 'PORTAL_DATABASE_AWAY';

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === DATABASE_AWAY_CODE) return true;
  if (SOCKET_CODES.has(code) || PG_STATES.test(code) || SQLITE_CODES.test(code)) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Whether an error means the connection to the database is gone or mute (not a statement that
 * was merely slow, nor a wait in a busy pool): the sign that the database is away.
 */
export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SOCKET_CODES.has(code) || /^(08...|57P0[123])$/.test(code)) return true;
  return (
    typeof e.message === 'string' &&
    /^(Query read timeout|timeout expired|Connection terminated|Client has encountered a connection error)/.test(
      e.message,
    )
  );
}

/** How long requests fail at once after the database was found away, before one tries again. */
const RETRY_AFTER_MS = 1_000;

/**
 * Remembers that the database is away: connections asked for meanwhile fail at once (and those
 * already waiting are let go), until a second has passed and one request tries again. Any
 * answer of the database closes it.
 */
export class AwayCircuit {
  private until = 0;
  private readonly waiting = new Set<(err: Error) => void>();

  trip(): void {
    this.until = Date.now() + RETRY_AFTER_MS;
    for (const fail of this.waiting) fail(awayError());
    this.waiting.clear();
  }

  back(): void {
    this.until = 0;
  }

  async connect<T extends { release(): void }>(open: () => Promise<T>): Promise<T> {
    if (Date.now() < this.until) throw awayError();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        settled = true;
        reject(err);
      };
      this.waiting.add(fail);
      open().then(
        (client) => {
          this.waiting.delete(fail);
          if (settled) client.release();
          else resolve(client);
        },
        (err: unknown) => {
          this.waiting.delete(fail);
          if (isConnectionLost(err)) this.trip();
          if (!settled) reject(err);
        },
      );
    });
  }
}

function awayError(): Error {
  return Object.assign(new Error('The database is away (refusing requests for a moment)'), {
    code: DATABASE_AWAY_CODE,
  });
}
