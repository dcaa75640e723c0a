import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT } from '../app';
import { startTestApp, type TestApp } from '../test/app';
import { bearer, newLearner, signup } from '../test/auth-helpers';
import { makePack, mustImport } from '../test/factories';

const PASSWORD = 'abuse-limit-pass-1';
const member = (username: string) => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  name: { first: username, last: 'Limit' },
  groups: [{ group: 'insiders', role: 'member' as const }],
});

/** Each limit: a clear 429 with Retry-After, in en-US and fr-CA (issue 16, point 6). */
describe('abuse limits', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        organisation: { enableMessaging: true },
        users: [member('poster'), member('buyer')] as never,
      }),
    );
    for (const username of ['poster', 'buyer']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login',
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      tokens[username] = res.json().token;
    }
  });
  afterAll(() => t?.close());

  const expectLimited = (
    res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
    window: number,
  ) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(res.json()).toEqual({
      errors: [expect.stringMatching(/^Too many attempts\. Please wait .+ and try again\.$/)],
    });
  };

  it('bounds the body of every API route that sets no limit of its own (400 with errfor.body)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: 'x'.repeat(API_BODY_LIMIT), password: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errfor).toEqual({ body: `must be at most ${API_BODY_LIMIT} bytes` });
    const message = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/userGroup/insiders/message',
      headers: bearer(tokens.poster!),
      payload: { body: 'x'.repeat(API_BODY_LIMIT) },
    });
    expect(message.statusCode).toBe(400);
    expect(message.json().errfor.body).toBe(`must be at most ${API_BODY_LIMIT} bytes`);
  });

  it('limits messages per learner per minute, from any address', async () => {
    let res;
    for (let i = 0; i < 31; i++)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/userGroup/insiders/message',
        headers: bearer(tokens.poster!),
        payload: { body: `hello ${i}` },
        remoteAddress: `10.61.0.${i + 1}`,
      });
    expectLimited(res!, 60);
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/userGroup/insiders/message?locale=fr-CA',
      headers: bearer(tokens.poster!),
      payload: { body: 'encore' },
    });
    expect(fr.statusCode).toBe(429);
    expect(fr.json().errors[0]).toMatch(/^Trop de tentatives\. Patientez .+, puis réessayez\.$/);
    expect(Number(fr.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits purchase attempts per learner per minute, from any address', async () => {
    const statuses: number[] = [];
    let res;
    for (let i = 0; i < 11; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/bundle/bundle-1/purchase',
        headers: bearer(tokens.buyer!),
        payload: { quantity: 1 },
        remoteAddress: `10.62.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expectLimited(res!, 60);
  });

  it('limits account creations per address per hour', async () => {
    let res;
    for (let i = 0; i < 21; i++)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/signup',
        payload: newLearner('burst'),
        remoteAddress: '10.63.0.1',
      });
    expectLimited(res!, 3_600);
    // Another address still signs up.
    expect((await signup(t.app, 'doughmain')).token).toBeTruthy();
  });
});
