import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator watches on `GET /metrics` (docs/design.md §18; prom-client): requests by route
 * pattern and status with their durations, Node's own (event-loop lag, heap, CPU), open message
 * streams, the database pool, the job queue and its outcomes, mails and webhook deliveries.
 * Labels are bounded: route patterns (never paths), status codes, job kinds, outcomes; nothing
 * per learner or organisation. One registry per app, so that tests may run several.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly requestSeries = new Map<
    string,
    Histogram.Internal<'method' | 'route' | 'status'>
  >();
  private readonly jobs: Counter<'kind' | 'outcome'>;
  private readonly mails: Counter<'outcome'>;
  private readonly webhooks: Counter<'outcome'>;
  /** Read when scraped: set by whoever holds the figure (the stream hub, the database, the runner). */
  private readonly sources: {
    streams?: () => number;
    pool?: () => { total: number; idle: number; waiting: number } | undefined;
    queue?: () => Promise<{ kind: string; status: string; count: number }[]>;
  } = {};

  /** `node: false` (METRICS=off): Node's own figures are not collected, nor is the loop watched. */
  constructor({ node = true }: { node?: boolean } = {}) {
    if (node) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.requests = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.jobs = new Counter({
      name: 'portal_jobs_run_total',
      help: 'Background jobs run by this process, by kind and outcome (done, retry, failed)',
      labelNames: ['kind', 'outcome'],
      registers: [this.registry],
    });
    this.mails = new Counter({
      name: 'portal_mails_total',
      help: 'Mails handed to the mail server (sent) or refused by it (failed)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    this.webhooks = new Counter({
      name: 'portal_webhook_deliveries_total',
      help: 'Payment webhook deliveries by outcome (accepted, refused: a bad signature or body, error)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    const sources = this.sources;
    new Gauge({
      name: 'portal_message_streams_open',
      help: 'Live message streams open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources.streams?.() ?? 0);
      },
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections of this process: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'portal_jobs',
      help: 'Jobs in the queue (all processes), by kind and status (queued, running, done, failed)',
      labelNames: ['kind', 'status'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of (await sources.queue?.()) ?? [])
          this.set({ kind: row.kind, status: row.status }, row.count);
      },
    });
  }

  /** A request answered: its route pattern (`unmatched` for none), status and time. */
  request(method: string, route: string | undefined, status: number, ms: number): void {
    // The series of a route, method and status, found once (prom-client would hash the labels
    // on every observation); bounded as the labels are.
    const key = `${method} ${status} ${route ?? ''}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      series = this.requests.labels({
        method,
        route: route ?? 'unmatched',
        status: String(status),
      });
      this.requestSeries.set(key, series);
    }
    series.observe(ms / 1000);
    if (route === '/api/payments/stripe/webhook')
      this.webhooks.inc({
        outcome: status < 300 ? 'accepted' : status < 500 ? 'refused' : 'error',
      });
  }

  job(kind: string, outcome: 'done' | 'retry' | 'failed'): void {
    this.jobs.inc({ kind, outcome });
  }

  mail(outcome: 'sent' | 'failed'): void {
    this.mails.inc({ outcome });
  }

  watchStreams(count: () => number): void {
    this.sources.streams = count;
  }

  watchPool(stats: () => { total: number; idle: number; waiting: number } | undefined): void {
    this.sources.pool = stats;
  }

  watchQueue(depth: () => Promise<{ kind: string; status: string; count: number }[]>): void {
    this.sources.queue = depth;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
