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

/** How the AwayCircuit decides that the database is away (issue 16: a stall answered in seconds). */
export interface AwayCircuitOptions {
  /**
   * Asks the database something on a connection of its own (`select 1`), bounded by its own
   * timeout: resolves if it answered, rejects otherwise.
   */
  probe: () => Promise<void>;
  /** A query or a wait for a connection outstanding this long makes the circuit probe. */
  suspectAfterMs?: number;
  /** While the database is away, how long between the start of a probe and the next. */
  probeEveryMs?: number;
  /** Called when the database is found away: the connections it had are closed. */
  onAway?: () => void;
}

/** A query (or a wait for a connection) outstanding this long makes the circuit probe. */
export const SUSPECT_AFTER_MS = 750;
/** How long a probe waits for a connection and the answer to `select 1`, in all. */
export const PROBE_TIMEOUT_MS = 1_500;
const PROBE_EVERY_MS = 500;
/** While away, at most this many probes at once (each waits at most PROBE_TIMEOUT_MS). */
const MAX_PROBES = 4;
/** How often outstanding work is looked at. */
const WATCH_EVERY_MS = 100;

/**
 * Remembers that the database is away, so that requests fail at once (503) instead of each
 * waiting for its own timeouts. It is decided by a probe on a connection of its own (`select 1`,
 * PROBE_TIMEOUT_MS): run when a query or a wait for a connection has been outstanding for
 * SUSPECT_AFTER_MS, or when a connection was refused, cut or timed out. A probe that fails (no
 * answer, refused, cut) while no other query was answered meanwhile opens the circuit: the
 * connections of the pool are closed (their queries fail, so the pool is free again; a stalled
 * connection may never answer again), those waiting for one are let go, and new ones fail at
 * once. Meanwhile a probe starts every PROBE_EVERY_MS, and the first answered closes the circuit,
 * without a restart. A slow query, or a busy pool, on
 * a database that answers the probe changes nothing: no false alarm.
 */
export class AwayCircuit {
  private away = false;
  private closed = false;
  private probing: Promise<void> | undefined;
  /** Probes under way. */
  private probes = 0;
  /** While away: the timer of the next probes. */
  private reprobe: NodeJS.Timeout | undefined;
  /** When the last probe that was answered started: work older than this is not suspected. */
  private answeredProbeAt = -Infinity;
  /** When the database last answered a query of the pool. */
  private lastAnswerAt = -Infinity;
  /** Outstanding queries and waits for a connection, by when they started (insertion order). */
  private readonly outstanding = new Set<{ at: number }>();
  private readonly waiting = new Set<(err: Error) => void>();
  private readonly watch: NodeJS.Timeout;
  private readonly suspectAfterMs: number;
  private readonly probeEveryMs: number;

  constructor(private readonly options: AwayCircuitOptions) {
    this.suspectAfterMs = options.suspectAfterMs ?? SUSPECT_AFTER_MS;
    this.probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS;
    this.watch = setInterval(() => this.look(), WATCH_EVERY_MS);
    this.watch.unref();
  }

  /** Whether requests fail at once for now. */
  get isAway(): boolean {
    return this.away;
  }

  /** Starts tracking a query; call what it returns when it settled. */
  begin(): () => void {
    const item = { at: performance.now() };
    this.outstanding.add(item);
    return () => this.outstanding.delete(item);
  }

  /** The database answered a query. */
  answered(): void {
    this.lastAnswerAt = performance.now();
  }

  /** A connection was refused, cut or mute: probe the database (at once, if not already). */
  suspect(): void {
    void this.probeNow();
  }

  /** Stops probing (the pool is closing). */
  close(): void {
    this.closed = true;
    clearInterval(this.watch);
    clearInterval(this.reprobe);
  }

  async connect<T extends { release(): void }>(open: () => Promise<T>): Promise<T> {
    if (this.away) throw awayError();
    const done = this.begin();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        settled = true;
        reject(err);
      };
      this.waiting.add(fail);
      open().then(
        (client) => {
          done();
          this.waiting.delete(fail);
          if (settled) client.release();
          else resolve(client);
        },
        (err: unknown) => {
          done();
          this.waiting.delete(fail);
          if (isConnectionLost(err)) this.suspect();
          if (!settled) reject(err);
        },
      );
    });
  }

  /** Probes if some work started after the last answered probe has been outstanding too long. */
  private look(): void {
    if (this.probing || this.away || this.closed) return;
    const now = performance.now();
    for (const item of this.outstanding) {
      if (now - item.at < this.suspectAfterMs) return;
      if (item.at > this.answeredProbeAt) {
        void this.probeNow();
        return;
      }
    }
  }

  /** One probe at a time while the database is thought to be there. */
  private probeNow(): Promise<void> {
    if (this.closed || this.away) return Promise.resolve();
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    const started = performance.now();
    this.probes++;
    try {
      await this.options.probe();
    } catch (err) {
      // Only an unanswered probe, while nothing else was answered either, means "away"; any
      // other error (too many connections, a password refused) is an answer of the database.
      if (isConnectionLost(err) && this.lastAnswerAt < started) {
        this.goAway();
        return;
      }
    } finally {
      this.probes--;
    }
    if (started > this.answeredProbeAt) this.answeredProbeAt = started;
    this.comeBack();
  }

  private goAway(): void {
    if (this.away || this.closed) return;
    this.away = true;
    for (const fail of this.waiting) fail(awayError());
    this.waiting.clear();
    this.options.onAway?.();
    // A probe every PROBE_EVERY_MS, even while earlier ones still wait on a stalled connection
    // (at most MAX_PROBES at once): the first answered closes the circuit.
    this.reprobe = setInterval(() => {
      if (this.probes < MAX_PROBES) void this.probeOnce();
    }, this.probeEveryMs);
    this.reprobe.unref();
  }

  private comeBack(): void {
    this.away = false;
    clearInterval(this.reprobe);
    this.reprobe = undefined;
  }
}

function awayError(): Error {
  return Object.assign(new Error('The database is away (refusing requests for a moment)'), {
    code: DATABASE_AWAY_CODE,
  });
}
