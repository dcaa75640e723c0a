import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp';
import { waitFor } from '../test/wait';

/**
 * `GET /metrics` (docs/design.md §18) on each database: Prometheus text with requests by route
 * pattern (never a path: no organisation, learner or id in a label), Node's event-loop lag, the
 * job queue and its outcomes, mails sent, webhook outcomes, the pool on PostgreSQL; with
 * METRICS_TOKEN, refused without that bearer token.
 */

const TOKEN = 'metrics-token-0123456789';

/** The value of a sample line `name{labels} value` whose labels include all of `labels`. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(DATABASE_KINDS)('metrics on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await startTestApp(kind, { METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url });
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual([expect.any(String)]);
    }
  });

  it('counts requests by route pattern and status, never by path', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/org/doughmain' });
    await t.app.inject({ url: '/api/org/doughmain/topic/no-such-topic' });
    await t.app.inject({ url: '/api/org/doughmain/account/settings' });
    await t.app.inject({ url: '/nowhere/at/all?x=secret' });
    const text = await scrape();
    const count = 'portal_http_request_duration_seconds_count';
    expect(sample(text, count, { route: '/api/org/:org', status: '200' })).toBeGreaterThanOrEqual(
      3,
    );
    expect(sample(text, count, { route: '/api/org/:org/topic/:topicId', status: '404' })).toBe(1);
    expect(sample(text, count, { route: '/api/org/:org/account/settings', status: '401' })).toBe(1);
    // Labels hold patterns only: no alias, id, query or unmatched path.
    const labels = text
      .split('\n')
      .filter((l) => l.startsWith('portal_http_request_duration_seconds'))
      .join('\n');
    expect(labels).not.toContain('doughmain');
    expect(labels).not.toContain('no-such-topic');
    expect(labels).not.toContain('secret');
    expect(labels).not.toContain('nowhere');
    // Node's own, the event-loop lag among them.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'portal_message_streams_open')).toBe(0);
    if (kind === 'postgres')
      expect(sample(text, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('shows the job queue, the jobs run, mails sent and webhook outcomes', async () => {
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot',
      payload: { email: 'learner@doughmain.example' },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: '{}',
    });
    // The mail is counted when it is handed over, the job once it is marked done just after:
    // waits for both.
    const text = await waitFor(async () => {
      const now = await scrape();
      const sent = sample(now, 'portal_mails_total', { outcome: 'sent' }) ?? 0;
      const done = sample(now, 'portal_jobs_run_total', { kind: 'mail', outcome: 'done' }) ?? 0;
      const queued = sample(now, 'portal_jobs', { kind: 'mail', status: 'done' }) ?? 0;
      return sent >= 1 && done >= 1 && queued >= 1 ? now : undefined;
    });
    expect(sample(text, 'portal_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'portal_jobs_run_total', { kind: 'mail', outcome: 'done' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_jobs', { kind: 'mail', status: 'done' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_webhook_deliveries_total', { outcome: 'refused' })).toBe(1);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are open (a private network)', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
  });
});

describe('metrics with METRICS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { METRICS: 'off', METRICS_TOKEN: TOKEN });
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer 404 (an error, never the web app), while requests are answered as before', async () => {
    for (const [method, authorization] of [
      ['GET', undefined],
      ['GET', `Bearer ${TOKEN}`],
      ['HEAD', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, `${method} ${authorization ?? ''}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      if (method === 'GET') expect(res.json().errors).toEqual([expect.any(String)]);
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const org = await t.app.inject({ url: '/api/org/doughmain' });
    expect(org.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/org/doughmain/topic/no-such-topic' })).statusCode).toBe(
      404,
    );
  });

  it('count no request and leave Node’s own figures out', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/org/doughmain' });
    const text = await t.services.metrics.text();
    expect(sample(text, 'portal_http_request_duration_seconds_count')).toBeUndefined();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeUndefined();
  });
});
