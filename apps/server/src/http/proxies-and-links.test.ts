import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { newestOutboxMail, newLearner, signup, waitFor } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';

/** The whole reset link of the newest mail to `email`, quoted-printable undone. */
async function resetLinkTo(t: TestApp, email: string): Promise<URL> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const mail = await waitFor(() => {
    const m = newestOutboxMail(outbox);
    return m?.includes(email) ? m : undefined;
  });
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /href="(https?:\/\/[^"]+\/resetPassword\/[^"]+)"/.exec(text);
  if (!match) throw new Error('no reset link in the mail');
  return new URL(match[1]!);
}

const FORGED = {
  host: 'localhost:4444',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-port': '8443',
};

describe.each(DATABASE_KINDS)('mail links and proxy headers on %s', (kind) => {
  describe('by default (no proxy trusted, no public origin)', () => {
    let t: TestApp;
    let log = '';
    beforeAll(async () => {
      const stream = new PassThrough();
      stream.on('data', (d: Buffer) => (log += d.toString()));
      t = await startTestApp(kind, { LOG_LEVEL: 'info', PORT: '3000' }, stream);
      await mustImport(t.database.db, makePack('doughmain'));
    });
    afterAll(async () => {
      await t.close();
    });

    it('builds the reset link from configuration, whatever Host and X-Forwarded-* say', async () => {
      const learner = newLearner('forged');
      await signup(t.app, 'doughmain', learner);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login/forgot',
        headers: FORGED,
        payload: { email: learner.email },
      });
      expect(res.statusCode).toBe(200);
      const link = await resetLinkTo(t, learner.email);
      expect(link.origin).toBe('http://doughmain.localhost:3000');
      expect(link.pathname).toMatch(/^\/resetPassword\//);
    });

    it('counts forged X-Forwarded-For addresses as the one connection they come from', async () => {
      // Login: 30 a minute per address. Each attempt names another account (so the per-account
      // limit is not what stops it) and another forged address.
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login',
          remoteAddress: '10.77.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { username: `nobody${i}`, password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);

      // Forgot password: 10 per 15 minutes per address.
      const forgot: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login/forgot',
          remoteAddress: '10.77.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { email: `someone${i}@example.com` },
        });
        forgot.push(res.statusCode);
      }
      expect(forgot.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(forgot[10]).toBe(429);

      // Sign-up: 20 an hour per address.
      const signups: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/signup',
          remoteAddress: '10.77.0.3',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
          payload: newLearner('forger'),
        });
        signups.push(res.statusCode);
      }
      expect(signups.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(signups[20]).toBe(429);
    });

    it('logs the connection’s address, not a forged one', async () => {
      await t.app.inject({
        method: 'GET',
        url: '/api/org/doughmain',
        remoteAddress: '10.77.0.9',
        headers: { 'x-forwarded-for': '203.0.113.250' },
      });
      const line = log
        .split('\n')
        .filter((l) => l.includes('request completed') && l.includes('"url":"/api/org/doughmain"'))
        .at(-1);
      expect(line).toContain('"remoteAddress":"10.77.0.9"');
      expect(log).not.toContain('203.0.113.250');
    });
  });

  describe('behind a configured proxy, with a public origin', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_ORIGIN: 'https://portal.example.com',
      });
      await mustImport(t.database.db, makePack('doughmain'));
      await mustImport(t.database.db, makePack('nohosts', { organisation: { hosts: [] } }));
    });
    afterAll(async () => {
      await t.close();
    });

    it('links to the organisation’s own host with the public origin’s scheme, never the forwarded host', async () => {
      const learner = newLearner('proxied');
      await signup(t.app, 'doughmain', learner);
      await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/login/forgot',
        remoteAddress: '127.0.0.1',
        headers: FORGED,
        payload: { email: learner.email },
      });
      expect((await resetLinkTo(t, learner.email)).origin).toBe('https://learn.doughmain.example');

      const other = newLearner('nohost');
      await signup(t.app, 'nohosts', other);
      await t.app.inject({
        method: 'POST',
        url: '/api/org/nohosts/login/forgot',
        headers: FORGED,
        payload: { email: other.email },
      });
      expect((await resetLinkTo(t, other.email)).origin).toBe('https://nohosts.localhost');
    });

    it('takes the client address from X-Forwarded-For only when the proxy is trusted', async () => {
      // Through the trusted proxy, each forwarded address has its own limit.
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { username: `nobody${i}`, password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
      // From any other address the header is ignored: one address, one limit.
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login',
          remoteAddress: '10.78.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
          payload: { username: `nobody${i}`, password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses[30]).toBe(429);
    });
  });
});
