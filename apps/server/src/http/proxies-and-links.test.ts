import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLinesWritten, startTestApp, type TestApp } from '../test/app';
import { bearer, newestOutboxMail, newLearner, signup, waitFor } from '../test/auth-helpers';
import { buySeats, customerPack, newPerson } from '../test/cohorts';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';

/** The whole reset link of the newest mail to `email`, quoted-printable undone. */
async function resetLinkTo(t: TestApp, email: string): Promise<URL> {
  return linkTo(t, email, /href="(https?:\/\/[^"]+\/resetPassword\/[^"]+)"/);
}

/** The first link matching `pattern` in the newest mail to `email`. */
async function linkTo(t: TestApp, email: string, pattern: RegExp): Promise<URL> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const mail = await waitFor(() => {
    const m = newestOutboxMail(outbox, email);
    return m?.toLowerCase().includes(email.toLowerCase()) ? m : undefined;
  });
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link matching ${pattern} in the mail`);
  return new URL(match[1]!.replaceAll('&#38;', '&').replaceAll('&amp;', '&'));
}

const FORGED = {
  host: 'evil.example:4444',
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
      t = await startTestApp(
        kind,
        { LOG_LEVEL: 'info', PORT: '3000', ACCESS_LOG_SAMPLE: '1' },
        stream,
      );
      await mustImport(t.database.db, makePack('doughmain'));
      await mustImport(t.database.db, customerPack('acme'));
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

    /** The origin of the reset link mailed for a learner of `org` asked from `host`. */
    async function resetOrigin(org: string, host: string): Promise<string> {
      const learner = newLearner('own');
      await signup(t.app, org, learner);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/org/${org}/login/forgot`,
        headers: { host },
        payload: { email: learner.email },
      });
      expect(res.statusCode).toBe(200);
      return (await resetLinkTo(t, learner.email)).origin;
    }

    it('links to the address the learner uses when it is one of the organisation’s (issue 24)', async () => {
      // The default set-up: doughmain on http://localhost:3000, where the first tab signed out.
      expect(await resetOrigin('doughmain', 'localhost:3000')).toBe('http://localhost:3000');
      expect(await resetOrigin('doughmain', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
      expect(await resetOrigin('doughmain', 'doughmain.localhost:3000')).toBe(
        'http://doughmain.localhost:3000',
      );
      // Another port of the machine (a development server in front): kept.
      expect(await resetOrigin('acme', 'ACME.localhost:5173')).toBe('http://acme.localhost:5173');
    });

    it('never links to a host that is another organisation’s or nobody’s', async () => {
      expect(await resetOrigin('doughmain', 'acme.localhost:3000')).toBe(
        'http://doughmain.localhost:3000',
      );
      // localhost is the default organisation's address, not acme's.
      expect(await resetOrigin('acme', 'localhost:3000')).toBe('http://acme.localhost:3000');
      expect(await resetOrigin('doughmain', 'evil.example')).toBe(
        'http://doughmain.localhost:3000',
      );
      expect(await resetOrigin('doughmain', 'localhost.evil.example:3000')).toBe(
        'http://doughmain.localhost:3000',
      );
      expect(await resetOrigin('doughmain', 'user@localhost:3000')).toBe(
        'http://doughmain.localhost:3000',
      );
    });

    it('sends invitations from the address the administrator uses', async () => {
      const buyer = await newPerson(t, 'acme', 'buyer');
      const { cohortId } = await buySeats(t, 'acme', buyer, 2);
      const invite = (email: string, host: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/org/acme/userGroup/${cohortId}/invites`,
          headers: { ...bearer(buyer.token), host },
          payload: { emails: email },
        });
      const signupLink = /href="(https?:\/\/[^"]+\/signup\?[^"]+)"/;
      expect((await invite('friend-a@example.com', 'acme.localhost:5173')).statusCode).toBe(200);
      const own = await linkTo(t, 'friend-a@example.com', signupLink);
      expect(own.origin).toBe('http://acme.localhost:5173');
      expect(own.searchParams.get('inviteId')).toMatch(/\S/);
      expect((await invite('friend-b@example.com', 'doughmain.localhost:5173')).statusCode).toBe(
        200,
      );
      expect((await linkTo(t, 'friend-b@example.com', signupLink)).origin).toBe(
        'http://acme.localhost:3000',
      );
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
      await accessLinesWritten();
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

    it('links to the organisation’s address the learner came by, on the public origin’s port (issue 24)', async () => {
      const originFrom = async (forwardedHost: string) => {
        const learner = newLearner('came-by');
        await signup(t.app, 'doughmain', learner);
        await t.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/login/forgot',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-host': forwardedHost, 'x-forwarded-proto': 'http' },
          payload: { email: learner.email },
        });
        return (await resetLinkTo(t, learner.email)).origin;
      };
      expect(await originFrom('doughmain.localhost')).toBe('https://doughmain.localhost');
      // Its own name with a port of the request's choosing: the public origin decides the port.
      expect(await originFrom('doughmain.localhost:6666')).toBe('https://doughmain.localhost');
      // A loopback name is no public address; another organisation's host is not its own.
      expect(await originFrom('localhost')).toBe('https://learn.doughmain.example');
      expect(await originFrom('nohosts.localhost')).toBe('https://learn.doughmain.example');
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
