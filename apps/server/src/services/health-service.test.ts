import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endWatch, trackHandlers } from '../routes/health';
import { startTestApp, type TestApp } from '../test/app';
import { HealthService } from './health-service';
import { waitFor } from '../test/wait';
import type { IntervalHistogram } from 'node:perf_hooks';

describe('/healthz reflects a wedged process (issue 16, F4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('says ok while the process serves, 503 once a request is stuck in its handler', async () => {
    const health = new HealthService(t.database.db, { maxLoopDelayMs: 10_000, maxRequestMs: 100 });
    try {
      expect(health.wedged()).toBeNull();
      let answered = false;
      const stuck = health.started({}, () => answered);
      health.started({}, () => true);
      expect(health.wedged()).toBeNull();
      // 150 ms later, by the clock wedged() is given (no waiting).
      const later = Date.now() + 150;
      expect(health.wedged(later)).toMatch(/^A request has been waiting for \d+ s\.$/);
      answered = true;
      expect(health.wedged(later)).toBeNull();
      health.finished(stuck);
    } finally {
      health.close();
    }
  });

  it('says 503 once the event loop is blocked for longer than its limit', async () => {
    const health = new HealthService(t.database.db, { maxLoopDelayMs: 150, maxRequestMs: 60_000 });
    try {
      // The monitor of the loop's delay has taken its first samples (it samples every 20 ms).
      const monitor = (health as unknown as { loop: IntervalHistogram }).loop;
      await waitFor(() => (monitor.count > 0 ? true : undefined), 2_000, 5);
      expect(health.wedged()).toBeNull();
      const until = Date.now() + 400;
      while (Date.now() < until) {
        /* a handler that never yields */
      }
      // The delay is measured by the loop's monitor once the loop turns again.
      expect(await waitFor(() => health.wedged() ?? undefined, 2_000)).toMatch(
        /^The event loop is delayed by \d+ ms\.$/,
      );
    } finally {
      health.close();
    }
  });

  it('answers /healthz with the error body when wedged, and /readyz 503 and closes connections once the server drains', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const stuck = t.services.health.started({}, () => false);
    const limits = t.services.health.limits as { maxRequestMs: number };
    const before = limits.maxRequestMs;
    // Any time in the handler is too long: wedged at once, with no wait.
    limits.maxRequestMs = -1;
    try {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0]).toMatch(/^The server is wedged: A request has been waiting/);
    } finally {
      limits.maxRequestMs = before;
      t.services.health.finished(stuck);
    }
    t.services.health.drain();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ errors: ['The server is shutting down.'] });
    expect(ready.headers['retry-after']).toBe('5');
    // Every answer now closes its connection, so that kept-alive clients leave the process.
    const page = await t.app.inject({ url: '/api/org/doughmain' });
    expect(page.headers.connection).toBe('close');
  });
});

describe('requests in their handlers are watched without a listener on the connection (issue 29)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('forgets an answered request at once, and one whose client left at the next sweep', async () => {
    const health = new HealthService(t.database.db, { maxLoopDelayMs: 10_000, maxRequestMs: 50 });
    const app = Fastify({ forceCloseConnections: true });
    trackHandlers(app, health);
    app.addHook('onResponse', (request, _reply, done) => {
      endWatch(health, request);
      done();
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    app.get('/quick', async () => ({ ok: true }));
    app.get('/held', async () => {
      entered();
      await held;
      return { ok: true };
    });
    app.post('/upload', { schema: { consumes: ['multipart/form-data'] } }, async () => {
      expect(health.watched).toBe(0);
      return { ok: true };
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${url}/quick`)).status).toBe(200);
      await waitFor(() => (health.watched === 0 ? true : undefined), 2_000, 5);
      // An upload reads its body in its handler, however slowly: never watched.
      expect((await fetch(`${url}/upload`, { method: 'POST' })).status).toBe(200);
      // A client that leaves while its request is in the handler: Fastify sends nothing and runs
      // no onResponse hook, and the request is dropped once its connection is gone.
      const leaving = new AbortController();
      const asked = fetch(`${url}/held`, { signal: leaving.signal }).catch(() => 'left');
      await inHandler;
      expect(health.watched).toBe(1);
      leaving.abort();
      expect(await asked).toBe('left');
      await waitFor(() => (health.watched === 1 ? true : undefined), 1_000, 5);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Past maxRequestMs the liveness check finds it gone, not stuck, and forgets it.
      expect(health.wedged()).toBeNull();
      expect(health.watched).toBe(0);
      release();
    } finally {
      release?.();
      await app.close();
    }
  });

  it('keeps the watched requests in order whichever finishes first, and judges the oldest', () => {
    const health = new HealthService(t.database.db, { maxLoopDelayMs: 10_000, maxRequestMs: 100 });
    try {
      const first = health.started('first', () => false);
      const second = health.started('second', () => false);
      const third = health.started('third', () => false);
      expect(health.watched).toBe(3);
      health.finished(second);
      health.finished(second); // twice: nothing more
      expect(health.watched).toBe(2);
      expect(health.wedged(first.since + 150)).toMatch(/^A request has been waiting/);
      health.finished(first);
      expect(health.watched).toBe(1);
      // The newest is now the oldest: judged by its own start.
      expect(health.wedged(third.since + 50)).toBeNull();
      expect(health.wedged(third.since + 150)).toMatch(/^A request has been waiting/);
      health.finished(third);
      expect(health.watched).toBe(0);
      expect(health.wedged(third.since + 150)).toBeNull();
      // The list works again after it was emptied.
      const again = health.started('again', () => true);
      expect(health.watched).toBe(1);
      health.sweep();
      expect(health.watched).toBe(0);
      health.finished(again);
      expect(health.watched).toBe(0);
    } finally {
      health.close();
    }
  });

  it('sweeps the requests whose clients left even when no probe asks', () => {
    const health = new HealthService(t.database.db);
    try {
      let gone = false;
      health.started({}, () => gone);
      health.started({}, () => false);
      health.sweep();
      expect(health.watched).toBe(2);
      gone = true;
      health.sweep();
      expect(health.watched).toBe(1);
    } finally {
      health.close();
    }
  });
});
