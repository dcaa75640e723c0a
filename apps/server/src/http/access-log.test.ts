import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { makePack, mustImport } from '../test/factories';

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
