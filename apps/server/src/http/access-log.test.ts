import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLinesWritten, startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';
import { accessLogWriter } from './access-log';
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

  it('writes one routine answer in five, saying so, and every failure and change', async () => {
    for (let i = 0; i < 10; i++) await t.app.inject({ url: '/healthz' });
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/org/no-such-org' });
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username: 'nobody', password: 'Not-The-Password-1' },
      });

    await accessLinesWritten();
    const probes = linesFor(log, '/healthz');
    expect(probes).toHaveLength(2);
    expect(probes.every((line) => line.sampled === 5)).toBe(true);
    const missing = linesFor(log, '/api/org/no-such-org');
    expect(missing).toHaveLength(3);
    expect(missing.every((line) => line.sampled === undefined)).toBe(true);
    expect(linesFor(log, '/api/org/doughmain/login')).toHaveLength(2);
    // /metrics still counts every request.
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 10\b/,
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
});
