import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics';

/** The `portal_http_request_duration_seconds` lines of a scrape, labels in a fixed order. */
const requestLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('portal_http_request_duration_seconds'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (.+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = (match[2] ?? '').split(',').filter(Boolean).sort().join(',');
      return `${match[1]}{${labels}} ${match[3]}`;
    })
    .sort();

describe('the request histogram', () => {
  it('writes what prom-client’s own Histogram writes for the same observations', async () => {
    const metrics = new Metrics({ node: false });
    const registry = new Registry();
    const reference = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const observations: [string, string | undefined, number, number][] = [
      ['GET', '/healthz', 200, 0.4],
      ['GET', '/healthz', 200, 7],
      ['GET', '/healthz', 503, 30],
      ['POST', '/api/org/:org/login', 400, 120],
      ['GET', '/api/org/:org/topic/:topicId', 200, 5],
      ['GET', '/api/org/:org/topic/:topicId', 200, 15_000],
      ['GET', undefined, 404, 1],
    ];
    for (const [method, route, status, ms] of observations) {
      metrics.request(method, route, status, ms);
      reference.observe({ method, route: route ?? 'unmatched', status: String(status) }, ms / 1000);
    }
    const ours = await metrics.text();
    const theirs = await registry.metrics();
    expect(requestLines(ours)).toEqual(requestLines(theirs));
    expect(ours).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect(requestLines(ours)).toContain(
      'portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"} 2',
    );
  });
});
