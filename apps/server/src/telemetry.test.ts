import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServerProcess, waitForReady } from './test/cluster';
import { createTestDatabase, type TestDatabase, TESTS_POSTGRES } from './test/databases';
import { makePack } from './test/factories';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './test/otlp-receiver';
import { freePort } from './test/ports';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPORT_MODULES = pathToFileURL(path.join(import.meta.dirname, 'test/report-modules.mjs'));
const EMAIL = 'learner@doughmain.example';
/** A trace begun upstream (a proxy's), passed on by the W3C header. */
const UPSTREAM = {
  traceId: randomBytes(16).toString('hex'),
  spanId: randomBytes(8).toString('hex'),
};
const TRACEPARENT = `00-${UPSTREAM.traceId}-${UPSTREAM.spanId}-01`;
/**
 * The SDK, the exporter and the instrumentations; not `@opentelemetry/api` alone, which
 * prom-client loads (a no-op without an SDK).
 */
const OTEL_MODULE =
  /[\\/]node_modules[\\/](?:@opentelemetry[\\/](?!api[\\/])|@fastify[\\/]otel[\\/]|(?:require|import)-in-the-middle[\\/])/;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/**
 * A server process (main.ts) on the test pack's organisation `doughmain`, which writes the
 * modules it loaded to a file as it exits.
 */
async function startPortal(env: Record<string, string>) {
  const contentDir = tempDir('portal-otel-pack-');
  fs.writeFileSync(path.join(contentDir, 'pack.json'), JSON.stringify(makePack('doughmain')));
  const modulesFile = path.join(tempDir('portal-otel-modules-'), 'modules.txt');
  const server = startServerProcess(await freePort(), {
    DATA_DIR: tempDir('portal-otel-data-'),
    CONTENT_DIR: contentDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${REPORT_MODULES.href}`.trim(),
    REPORT_MODULES_TO: modulesFile,
    ...env,
  });
  await waitForReady(server.base);
  const call = (
    method: string,
    url: string,
    init: { token?: string; body?: unknown; traceparent?: string } = {},
  ) =>
    fetch(`${server.base}${url}`, {
      method,
      headers: {
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.traceparent && { traceparent: init.traceparent }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
  return {
    call,
    /** Signs the pack's learner in: the sign-in reads the database and counts in Redis. */
    signIn: async () => {
      const res = await call('POST', '/api/org/doughmain/login', {
        body: { username: 'doughmain-learner', password: 'learner-pass-1' },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    },
    /** SIGTERM; the process's exit code. */
    stop: () => server.stop(),
    loadedModules: () => fs.readFileSync(modulesFile, 'utf8').split('\n'),
  };
}

/** The span's ancestors, nearest first, as far as they were received. */
function ancestors(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: ReceivedSpan[] = [];
  for (let at = byId.get(span.parentSpanId); at; at = byId.get(at.parentSpanId)) chain.push(at);
  return chain;
}

describe('tracing settings', () => {
  it('is on only with OTEL_EXPORTER_OTLP_ENDPOINT, named "portal" unless OTEL_SERVICE_NAME says', () => {
    expect(loadConfig({}).telemetry).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).telemetry).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).telemetry).toEqual({
      serviceName: 'portal',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example', OTEL_SERVICE_NAME: 'lms' })
        .telemetry,
    ).toEqual({ serviceName: 'lms' });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('loads nothing of OpenTelemetry and sends nothing', async () => {
    // The other exporter settings alone turn nothing on.
    const portal = await startPortal({
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.endpoint}/v1/traces`,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const token = await portal.signIn();
    expect(
      (await portal.call('GET', '/api/org/doughmain/account/settings', { token })).status,
    ).toBe(200);
    expect(await portal.stop()).toBe(0);

    const loaded = portal.loadedModules();
    expect(loaded.some((file) => /[\\/]node_modules[\\/]fastify[\\/]/.test(file))).toBe(true);
    expect(loaded.filter((file) => OTEL_MODULE.test(file))).toEqual([]);
    expect(receiver.bodies).toEqual([]);
  }, 120_000);
});

describe.skipIf(!TESTS_POSTGRES)('with OTEL_EXPORTER_OTLP_ENDPOINT (PostgreSQL, Redis)', () => {
  let database: TestDatabase;
  let receiver: OtlpReceiver;
  const secretToken = `tok${randomBytes(12).toString('hex')}`;
  const secretCode = `code${randomBytes(12).toString('hex')}`;
  let sessionToken = '';
  let loaded: string[] = [];

  beforeAll(async () => {
    [database, receiver] = await Promise.all([createTestDatabase('postgres'), startOtlpReceiver()]);
    const portal = await startPortal({
      DATABASE_URL: database.url,
      REDIS_URL,
      // This run's keys only: runs side by side do not count each other's sign-ins.
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_SERVICE_NAME: 'portal-test',
      // Nothing is sent before the server closes: what arrives was sent as it closed.
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    sessionToken = await portal.signIn();
    const settings = await portal.call('GET', '/api/org/doughmain/account/settings', {
      token: sessionToken,
    });
    expect(settings.status).toBe(200);
    // A reset link's address and token (refused: the token is made up) and the page it opens.
    const reset = await portal.call(
      'PUT',
      `/api/org/doughmain/login/reset/${encodeURIComponent(EMAIL)}/${secretToken}`,
      { body: { password: 'another-pass-1' } },
    );
    expect(reset.status).toBeGreaterThanOrEqual(400);
    await portal.call('GET', `/resetPassword/${encodeURIComponent(EMAIL)}/${secretToken}`);
    await portal.call('GET', `/api/org/doughmain?code=${secretCode}&locale=en-US`, {
      traceparent: TRACEPARENT,
    });
    expect(await portal.stop()).toBe(0);
    loaded = portal.loadedModules();
  }, 180_000);

  afterAll(async () => {
    await receiver?.close();
    await database?.drop();
  });

  const requestSpan = (name: string) => {
    const span = receiver.spans.find((s) => s.scope === '@fastify/otel' && s.name === name);
    expect(span, `a span named ${name}`).toBeDefined();
    return span!;
  };

  it('sends every span as the server closes, under OTEL_SERVICE_NAME', () => {
    expect(loaded.some((file) => OTEL_MODULE.test(file))).toBe(true);
    expect(receiver.spans.length).toBeGreaterThan(0);
    expect(new Set(receiver.spans.map((s) => s.service))).toEqual(new Set(['portal-test']));
  });

  it('names a request span by its route, with the database and Redis spans of the request under it', () => {
    const signIn = requestSpan('POST /api/org/:org/login');
    expect(signIn.kind).toBe(2);
    expect(signIn.parentSpanId).toBe('');
    expect(signIn.attributes).toMatchObject({
      'http.route': '/api/org/:org/login',
      'http.request.method': 'POST',
      'http.response.status_code': 200,
    });
    const under = (scope: string) =>
      receiver.spans.filter(
        (s) =>
          s.scope === scope &&
          s.traceId === signIn.traceId &&
          ancestors(s, receiver.spans).includes(signIn),
      );
    const queries = under('@opentelemetry/instrumentation-pg').filter(
      (s) => s.attributes['db.system.name'] === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.some((s) => /^select /.test(String(s.attributes['db.query.text'])))).toBe(true);
    const commands = under('@opentelemetry/instrumentation-ioredis');
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((s) => s.attributes['db.system.name'] === 'redis')).toBe(true);
    // The command alone: its keys (an account, an address) are not recorded.
    for (const s of commands) expect(s.attributes['db.query.text']).toMatch(/^[a-z]+$/i);

    const settings = requestSpan('GET /api/org/:org/account/settings');
    expect(settings.attributes['http.response.status_code']).toBe(200);
    expect(
      receiver.spans.some(
        (s) =>
          s.scope === '@opentelemetry/instrumentation-pg' &&
          ancestors(s, receiver.spans).includes(settings),
      ),
    ).toBe(true);
  });

  it("joins the trace of a traceparent header (a proxy's)", () => {
    const span = requestSpan('GET /api/org/:org');
    expect(span.traceId).toBe(UPSTREAM.traceId);
    expect(span.parentSpanId).toBe(UPSTREAM.spanId);
  });

  it('masks the secrets of a URL as the access log does, and records no token', () => {
    expect(requestSpan('PUT /api/org/:org/login/reset/:email/:token').attributes['url.path']).toBe(
      '/api/org/doughmain/login/reset/[redacted]/[redacted]',
    );
    const paths = receiver.spans.map((s) => s.attributes['url.path']);
    expect(paths).toContain('/resetPassword/[redacted]/[redacted]');
    expect(paths).toContain('/api/org/doughmain?code=[redacted]&locale=en-US');
    // The probes the test polled are not traced.
    expect(paths.filter((p) => String(p).startsWith('/readyz'))).toEqual([]);
    const sent = Buffer.concat(receiver.bodies).toString('latin1');
    for (const secret of [
      secretToken,
      secretCode,
      sessionToken,
      EMAIL,
      encodeURIComponent(EMAIL),
      'learner-pass-1',
      'another-pass-1',
    ])
      expect(sent).not.toContain(secret);
  });
});
