/**
 * Half-dead PostgreSQL connections (issue 24, point 6): a pooled connection whose network path
 * froze (a NAT or firewall that forgot it, a proxy that hangs) while new connections still open.
 * Its query never reaches the server, or its answer never comes back; the database itself
 * answers, so the AwayCircuit's probe finds nothing wrong, and the request would wait for the
 * query's own timeout (11 s) — every request that picks such a connection from the pool.
 *
 * Told apart from a query that is merely slow by asking the server, on a connection of its own,
 * what the connection's backend is doing (`pg_stat_activity`, by its process id): a query that
 * has been waiting STUCK_AFTER_MS for an answer while its backend has sat idle for QUIET_MS is
 * on a stuck connection. A slow statement, a lock wait or a long import shows its
 * backend `active` and is left alone.
 */

/** A query outstanding this long has its connection checked. */
export const STUCK_AFTER_MS = 750;
/** A backend idle this long while its client waits for an answer: the connection is stuck. */
const QUIET_MS = 500;
/** A connection whose backend was found working is checked again after this long. */
const RECHECK_MS = 1_000;
const LOOK_EVERY_MS = 100;

/** What the server says of one backend: its `state` (null when hidden) and for how long. */
export interface BackendState {
  state: string | null;
  quietMs: number;
}

export interface StuckConnectionWatchOptions<C> {
  /** The backend process id of a connection (undefined before it is known). */
  pidOf(connection: C): number | undefined;
  /** Asks the server (on a connection of its own) the state of these backends. */
  check(pids: number[]): Promise<Map<number, BackendState>>;
  /** These connections are stuck: they are to be destroyed. */
  onStuck(connections: C[]): void;
}

/** States of a backend that is waiting for its client: nothing of the query reached it. */
const WAITING_FOR_CLIENT = new Set([
  'idle',
  'idle in transaction',
  'idle in transaction (aborted)',
]);

/** Watches the queries outstanding on the pool's connections for stuck connections. */
export class StuckConnectionWatch<C> {
  /** Connections with a query outstanding: since when, and when last checked. */
  private readonly sent = new Map<C, { at: number; checkedAt: number }>();
  private checking = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: StuckConnectionWatchOptions<C>) {
    this.timer = setInterval(() => void this.look(), LOOK_EVERY_MS);
    this.timer.unref();
  }

  /** A query was sent on `connection`: call what this returns when it settled. */
  sending(connection: C): () => void {
    const entry = { at: performance.now(), checkedAt: -Infinity };
    this.sent.set(connection, entry);
    return () => {
      if (this.sent.get(connection) === entry) this.sent.delete(connection);
    };
  }

  /** The connection left the pool. */
  forget(connection: C): void {
    this.sent.delete(connection);
  }

  close(): void {
    clearInterval(this.timer);
    this.sent.clear();
  }

  private async look(): Promise<void> {
    if (this.checking) return;
    const now = performance.now();
    const due: { connection: C; pid: number; entry: { at: number; checkedAt: number } }[] = [];
    for (const [connection, entry] of this.sent) {
      if (now - entry.at < STUCK_AFTER_MS || now - entry.checkedAt < RECHECK_MS) continue;
      const pid = this.options.pidOf(connection);
      if (pid !== undefined) due.push({ connection, pid, entry });
    }
    if (due.length === 0) return;
    this.checking = true;
    for (const { entry } of due) entry.checkedAt = now;
    try {
      const states = await this.options.check(due.map((d) => d.pid));
      const stuck = due.filter(({ connection, pid, entry }) => {
        // Answered meanwhile: nothing to do.
        if (this.sent.get(connection) !== entry) return false;
        const backend = states.get(pid);
        // Not found (a pooler such as PgBouncer gives ids of its own): nothing is known.
        if (!backend) return false;
        return (
          backend.state !== null &&
          WAITING_FOR_CLIENT.has(backend.state) &&
          backend.quietMs >= QUIET_MS
        );
      });
      if (stuck.length > 0) this.options.onStuck(stuck.map((s) => s.connection));
    } catch {
      // The server did not answer the check: whether it is away is the AwayCircuit's business.
    } finally {
      this.checking = false;
    }
  }
}
