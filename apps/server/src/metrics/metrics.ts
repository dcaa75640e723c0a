import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Registry,
  type Metric,
  type MetricValueWithName,
} from 'prom-client';

/** The payment webhook's route: its deliveries are counted by outcome too. */
const WEBHOOK_ROUTE = '/api/payments/stripe/webhook';

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
type RequestLabels = { method: string; route: string; status: string };

/** One series of the request histogram: its labels, counts per bucket (not cumulative), sum. */
class RequestSeries {
  readonly counts = new Float64Array(REQUEST_BUCKETS.length);
  sum = 0;
  count = 0;
  constructor(readonly labels: RequestLabels) {}

  observe(seconds: number): void {
    for (let i = 0; i < REQUEST_BUCKETS.length; i++)
      if (seconds <= REQUEST_BUCKETS[i]!) {
        this.counts[i]! += 1;
        break;
      }
    this.sum += seconds;
    this.count += 1;
  }
}

/** The series of one route pattern, by method and status. */
class RouteSeries {
  private readonly byMethod = new Map<string, Map<number, RequestSeries>>();
  constructor(private readonly route: string) {}

  observe(method: string, status: number, seconds: number): void {
    let byStatus = this.byMethod.get(method);
    if (!byStatus) this.byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = new RequestSeries({ method, route: this.route, status: String(status) });
      byStatus.set(status, series);
    }
    series.observe(seconds);
  }

  *all(): Iterable<RequestSeries> {
    for (const byStatus of this.byMethod.values()) yield* byStatus.values();
  }
}

/**
 * `portal_http_request_duration_seconds`, a histogram kept by route, method and status and read
 * by prom-client's registry through the metric contract it documents (`get()`, as its own
 * Histogram): the same text, without the label checks and hashing prom-client does on every
 * observation, which cost as much as a small request's own work (the request floor, issue 29).
 */
class RequestHistogram {
  readonly name = 'portal_http_request_duration_seconds';
  readonly help = 'HTTP requests by method, route pattern and status, and how long they took';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By route pattern, method and status: keys whose hashes the strings already hold. */
  private readonly series = new Map<string | undefined, RouteSeries>();

  /** The series of one route pattern (undefined: a request no route took), made once. */
  ofRoute(route: string | undefined): RouteSeries {
    let byRoute = this.series.get(route);
    if (!byRoute) this.series.set(route, (byRoute = new RouteSeries(route ?? 'unmatched')));
    return byRoute;
  }

  private *all(): Iterable<RequestSeries> {
    for (const route of this.series.values()) yield* route.all();
  }

  get() {
    const values: MetricValueWithName<string>[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.all()) {
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ metricName: bucket, labels: { ...labels, le }, value: cumulative });
      });
      values.push(
        { metricName: bucket, labels: { ...labels, le: '+Inf' }, value: count },
        { metricName: `${this.name}_sum`, labels, value: sum },
        { metricName: `${this.name}_count`, labels, value: count },
      );
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }
}

/**
 * What an operator watches on `GET /metrics` (docs/design.md §18; prom-client): requests by route
 * pattern and status with their durations, Node's own (event-loop lag, heap, CPU), open message
 * streams, the database pool, the job queue and its outcomes, mails and webhook deliveries.
 * Labels are bounded: route patterns (never paths), status codes, job kinds, outcomes; nothing
 * per learner or organisation. One registry per app, so that tests may run several.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new RequestHistogram();
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
    // The registry reads name, help, type and get() (its own Histogram's contract).
    this.registry.registerMetric(this.requests as unknown as Metric);
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

  /** A request answered: its route pattern (`unmatched` for none), status and time (ms). */
  request(method: string, route: string | undefined, status: number, ms: number): void {
    this.forRoute(route)(method, status, ms);
  }

  /**
   * `request` for one route pattern, its series found once (held by the route's hook: app.ts):
   * counts a request by its method, status and time (ms).
   */
  forRoute(route: string | undefined): (method: string, status: number, ms: number) => void {
    const series = this.requests.ofRoute(route);
    if (route !== WEBHOOK_ROUTE)
      return (method, status, ms) => series.observe(method, status, ms / 1000);
    return (method, status, ms) => {
      series.observe(method, status, ms / 1000);
      this.webhook(status);
    };
  }

  private webhook(status: number): void {
    this.webhooks.inc({ outcome: status < 300 ? 'accepted' : status < 500 ? 'refused' : 'error' });
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
