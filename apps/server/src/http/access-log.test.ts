import { PassThrough, Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessLinesWritten, startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';
import { ACCESS_LOG_FLUSH_BYTES, ACCESS_LOG_FLUSH_MS, accessLogWriter } from './access-log';
import { redactUrl } from './logging';

/** The access lines written so far, parsed, for `url`. */
function linesFor(log: string, url: string) {
  return log
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line) => JSON.parse(line) as { req: { url: string }; sampled?: number; res: object })
    .filter((line) => line.req.url === url);
}

describe('the access log, sampled (ACCESS_LOG_SAMPLE)', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (log += d.toString()));
    t = await startTestApp('sqlite', { ACCESS_LOG_SAMPLE: '5', LOG_LEVEL: 'info' }, stream);
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes one routine answer in five, saying so, and every failure, change and signed-in read', async () => {
    for (let i = 0; i < 10; i++) await t.app.inject({ url: '/api/org/doughmain' });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/org/no-such-org' });
    // A read with credentials (here, a token that is not good: a visitor's answer) is never
    // sampled out: what a signed-in person reads is always written.
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        url: '/api/org/doughmain/topic/budgeting-basics',
        headers: { authorization: `Bearer ${'x'.repeat(40)}` },
      });
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username: 'nobody', password: 'Not-The-Password-1' },
      });

    await accessLinesWritten();
    const routine = linesFor(log, '/api/org/doughmain');
    expect(routine).toHaveLength(2);
    expect(routine.every((line) => line.sampled === 5)).toBe(true);
    const missing = linesFor(log, '/api/org/no-such-org');
    expect(missing).toHaveLength(3);
    expect(missing.every((line) => line.sampled === undefined)).toBe(true);
    expect(linesFor(log, '/api/org/doughmain/login')).toHaveLength(2);
    const withCredentials = linesFor(log, '/api/org/doughmain/topic/budgeting-basics');
    expect(withCredentials).toHaveLength(3);
    expect(withCredentials.every((line) => line.sampled === undefined)).toBe(true);
    // /metrics still counts every request.
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/api\/org\/:org",status="200"\} 10\b/,
    );
  });

  it('writes and counts each answer once: a route, its HEAD, a 404, a URL the router refuses', async () => {
    const bad = { authorization: `Bearer ${'y'.repeat(40)}` }; // never sampled out
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'HEAD', url: '/api/org/doughmain?n=head', headers: bad });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/no-such-route' });
    const refused = await t.app.inject({ url: '/api/org/%E0%A4%A' });
    expect(refused.statusCode).toBe(400);
    await accessLinesWritten();
    expect(linesFor(log, '/api/org/doughmain?n=head')).toHaveLength(2);
    expect(linesFor(log, '/api/no-such-route')).toHaveLength(3);
    expect(linesFor(log, '/api/org/%E0%A4%A')).toHaveLength(1);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    const count = (labels: string) =>
      Number(
        new RegExp(
          `portal_http_request_duration_seconds_count\\{${labels.replace(/[/?]/g, '\\$&')}\\} (\\d+)`,
        ).exec(metrics)?.[1],
      );
    expect(count('method="HEAD",route="/api/org/:org",status="200"')).toBe(2);
    expect(count('method="GET",route="unmatched",status="404"')).toBe(3);
    expect(count('method="GET",route="unmatched",status="400"')).toBe(1);
  });

  it('writes no routine answer of a probe, counts each, and writes a probe that failed', async () => {
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ url: '/healthz' });
      await t.app.inject({ url: '/readyz' });
    }
    t.services.health.drain();
    await t.app.inject({ url: '/readyz' });
    await accessLinesWritten();
    expect(linesFor(log, '/healthz')).toEqual([]);
    const ready = linesFor(log, '/readyz');
    expect(ready).toHaveLength(1);
    expect(ready[0]).toMatchObject({ res: { statusCode: 503 } });
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 10\b/,
    );
    expect(metrics.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/readyz",status="503"\} 1\b/,
    );
  });
});

describe('the access line', () => {
  const written = (write: (log: pino.Logger) => void) => {
    let text = '';
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => (text += d.toString()));
    const log = pino({ level: 'info', base: { pid: 7, hostname: 'host' } }, stream);
    write(log);
    return () => text;
  };
  const fields = {
    reqId: 'req-1',
    method: 'GET',
    url: '/login/reset/a@b.example/Secret-Token?x=1',
    host: 'evil"\nhost\\',
    remoteAddress: '10.0.0.1',
    statusCode: 200,
    responseTime: 1.25,
  };

  it('is the line pino writes for the same fields, secrets masked and values escaped', async () => {
    const ours = written((log) => accessLogWriter(log).write(fields));
    const pinos = written((log) =>
      log.info(
        {
          reqId: fields.reqId,
          req: {
            method: fields.method,
            url: redactUrl(fields.url),
            host: fields.host,
            remoteAddress: fields.remoteAddress,
          },
          res: { statusCode: fields.statusCode },
          responseTime: fields.responseTime,
        },
        'request completed',
      ),
    );
    await accessLinesWritten();
    const [line, ...rest] = ours().split('\n');
    expect(rest).toEqual(['']);
    const { time, ...parsed } = JSON.parse(line!) as { time: number };
    const { time: pinoTime, ...expected } = JSON.parse(pinos()) as { time: number };
    expect(parsed).toEqual(expected);
    expect(Object.keys(parsed)).toEqual(Object.keys(expected));
    expect(Math.abs(time - pinoTime)).toBeLessThan(1_000);
    expect(line).toContain('/login/reset/[redacted]/[redacted]');
  });

  it('says when it was sampled, writes nothing above info, and writes what is pending on flush', async () => {
    const sampled = written((log) => accessLogWriter(log).write({ ...fields, sampled: 10 }));
    await accessLinesWritten();
    expect(JSON.parse(sampled())).toMatchObject({ sampled: 10, res: { statusCode: 200 } });
    const quiet = written((log) => {
      log.level = 'warn';
      accessLogWriter(log).write(fields);
    });
    await accessLinesWritten();
    expect(quiet()).toBe('');
    const flushed = written((log) => {
      const writer = accessLogWriter(log);
      writer.write(fields);
      writer.write({ ...fields, reqId: 'req-2' });
      writer.flush();
    });
    await new Promise((resolve) => process.nextTick(resolve));
    expect(flushed().trim().split('\n')).toHaveLength(2);
  });

  it('writes the lines together: after ACCESS_LOG_FLUSH_MS, at once past ACCESS_LOG_FLUSH_BYTES, and at exit', async () => {
    let writes = 0;
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes += 1;
        text += chunk.toString();
        callback();
      },
    });
    const writer = accessLogWriter(pino({ level: 'info' }, stream));
    const started = Date.now();
    for (let i = 0; i < 3; i++) writer.write({ ...fields, reqId: `req-${i}` });
    expect(writes).toBe(0);
    await vi.waitUntil(() => writes === 1, { timeout: 2_000, interval: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCESS_LOG_FLUSH_MS - 5);
    expect(text.trim().split('\n')).toHaveLength(3);
    // Enough to pass the size: written at once, in one write, without waiting for the timer.
    const lineBytes = text.length / 3;
    const count = Math.ceil(ACCESS_LOG_FLUSH_BYTES / lineBytes);
    for (let i = 0; i < count; i++) writer.write(fields);
    expect(writes).toBe(2);
    // What waits is written when the process exits; the server closing stops that.
    const before = process.listenerCount('exit');
    const stop = writer.flushOnExit();
    expect(process.listenerCount('exit')).toBe(before + 1);
    writer.write(fields);
    process.emit('exit', 0);
    expect(writes).toBe(3);
    stop();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
