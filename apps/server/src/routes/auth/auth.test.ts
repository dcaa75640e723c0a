import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import {
  bearer,
  newLearner,
  newestOutboxMail,
  resetLinkIn,
  signup,
  waitFor,
} from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

describe.each(DATABASE_KINDS)('sign-in API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await mustImport(t.database.db, makePack('doughmain'));
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: { disableSelfSignup: true, locales: ['en-US'] },
        bundles: [],
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    /** The client's address (the connection's: no proxy is trusted in these tests). */
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { host: 'localhost:3000', ...headers },
      ...(remoteAddress && { remoteAddress }),
      ...(payload !== undefined && { payload: payload as object }),
    });

  describe('signup', () => {
    it('creates an account and answers a token that reads it', async () => {
      const learner = newLearner();
      const { token } = await signup(t.app, 'doughmain', learner);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const res = await inject(
        'GET',
        '/api/org/doughmain/account/settings',
        undefined,
        bearer(token),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().account).toEqual({
        user: { id: { email: learner.email, username: learner.username, isOAuthUser: false } },
        userGroups: [],
        name: { first: 'Ada', last: 'Lovelace', full: 'Ada Lovelace' },
        phone: '',
        company: '',
        employeeId: '',
        // A new learner holds no role beyond learner (design §13).
        roles: [],
      });
    });

    it('accepts the optional path suffix', async () => {
      const res = await inject('POST', '/api/org/doughmain/signup/welcome', newLearner());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errfor: { inviteId: 'is not valid' } });
    });

    it('refuses a taken username or email, whatever its case', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const again = await inject('POST', '/api/org/doughmain/signup', {
        ...newLearner(),
        username: learner.username.toUpperCase(),
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().errfor).toEqual({ username: 'is already taken' });
      const sameEmail = await inject('POST', '/api/org/doughmain/signup', {
        ...newLearner(),
        email: learner.email.toUpperCase(),
      });
      expect(sameEmail.json().errfor).toEqual({ email: 'already has an account' });
    });

    it('lets the same email sign up in another organisation, as a separate account', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const invite = {
        id: 'inv-1',
        org_id: (await t.organisations.find('acme'))!.id,
        group_id: 'insiders',
        email_key: learner.email.toLowerCase(),
        created_at: new Date().toISOString(),
        used_by: null,
        used_at: null,
      };
      await t.database.db.kysely.insertInto('invites').values(invite).execute();
      const res = await inject('POST', '/api/org/acme/signup', { ...learner, inviteId: 'inv-1' });
      expect(res.statusCode).toBe(200);
      // The answer names the group the invitation joined.
      expect(res.json().joined).toEqual({ _id: 'insiders', name: 'Insiders' });
      const account = await inject(
        'GET',
        '/api/org/acme/account/settings',
        undefined,
        bearer(res.json().token),
      );
      expect(account.json().account.userGroups).toEqual([
        { _id: 'insiders', name: 'Insiders', isAdmin: false, parentId: null },
      ]);
    });

    it('refuses self signup where it is disabled, and a used invite', async () => {
      const res = await inject('POST', '/api/org/acme/signup', newLearner());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: ['Sign up is by invitation only for this organisation.'],
      });
      const reused = await inject('POST', '/api/org/acme/signup', {
        ...newLearner(),
        inviteId: 'inv-1',
      });
      expect(reused.statusCode).toBe(400);
    });

    it('rate limits signups per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await inject('POST', '/api/org/doughmain/signup', newLearner('burst'), {}, '10.6.0.1'))
            .statusCode,
        );
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('refuses bad bodies with 400 and errfor, never 500', async () => {
      const huge = 'x'.repeat(10 * 1024 * 1024);
      const cases: [unknown, string][] = [
        [{}, 'username'],
        [{ username: 'ok-name', email: 'a@b.co' }, 'password'],
        [{ username: 42, email: 'a@b.co', password: 'longenough' }, 'username'],
        [{ username: 'ok-name', email: 'not-an-email', password: 'longenough' }, 'email'],
        [
          { username: '<script>alert(1)</script>', email: 'a@b.co', password: 'longenough' },
          'username',
        ],
        [
          { username: "x'; DROP TABLE users; --", email: 'a@b.co', password: 'longenough' },
          'username',
        ],
        [{ username: 'ok-name', email: 'a@b.co', password: 'longenough', first: huge }, 'body'],
        [
          { username: 'ok-name', email: 'a@b.co', password: 'longenough', first: 'y'.repeat(5000) },
          'first',
        ],
        [[1, 2, 3], 'body'],
      ];
      for (const [payload, field] of cases) {
        const res = await inject('POST', '/api/org/doughmain/signup', payload, {}, '10.5.0.1');
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(
          Object.keys(res.json().errfor ?? {}),
          JSON.stringify(payload).slice(0, 80),
        ).toContain(field);
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().errors[0]).toBeTruthy();
    });
  });

  describe('login and logout', () => {
    it('signs in by username and by email, case-insensitively', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      for (const username of [learner.username, learner.email, learner.email.toUpperCase()]) {
        const res = await inject('POST', '/api/org/doughmain/login', {
          username,
          password: learner.password,
        });
        expect(res.statusCode, username).toBe(200);
        expect(res.json().token).toBeTruthy();
      }
    });

    it('refuses a wrong password or an unknown account with the same answer', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const wrong = await inject('POST', '/api/org/doughmain/login', {
        username: learner.username,
        password: 'wrong-password',
      });
      const unknown = await inject('POST', '/api/org/doughmain/login', {
        username: 'nobody-here',
        password: 'wrong-password',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('signs in a demo account of the content pack', async () => {
      const res = await inject('POST', '/api/org/doughmain/login', {
        username: 'doughmain-learner',
        password: 'learner-pass-1',
      });
      expect(res.statusCode).toBe(200);
      const account = await inject(
        'GET',
        '/api/org/doughmain/account/settings?locale=fr-CA',
        undefined,
        bearer(res.json().token),
      );
      expect(account.json().account.userGroups).toEqual([
        { _id: 'insiders', name: 'Insiders', isAdmin: false, parentId: null },
      ]);
    });

    it('answers an SSO account with the group to sign in with', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      await t.database.db.kysely
        .updateTable('users')
        .set({ oauth_group_id: 'insiders' })
        .where('username', '=', learner.username)
        .execute();
      const res = await inject('POST', '/api/org/doughmain/login', {
        username: learner.username,
        password: learner.password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ oAuthGroupId: 'insiders', errors: [expect.any(String)] });
    });

    it('revokes the token on logout', async () => {
      const { token } = await signup(t.app, 'doughmain');
      expect(
        (await inject('POST', '/api/org/doughmain/logout', undefined, bearer(token))).statusCode,
      ).toBe(200);
      const after = await inject(
        'GET',
        '/api/org/doughmain/account/settings',
        undefined,
        bearer(token),
      );
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ errors: ['Your session has ended. Please sign in again.'] });
      expect(
        (await inject('POST', '/api/org/doughmain/logout', undefined, bearer(token))).statusCode,
      ).toBe(401);
    });

    it('refuses an expired token', async () => {
      const { token } = await signup(t.app, 'doughmain');
      await t.database.db.kysely
        .updateTable('sessions')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .execute();
      expect(
        (await inject('GET', '/api/org/doughmain/account/settings', undefined, bearer(token)))
          .statusCode,
      ).toBe(401);
    });

    it('refuses a token of one organisation in every other', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const login = await inject('POST', '/api/org/doughmain/login', {
        username: learner.username,
        password: learner.password,
      });
      const token = login.json().token;
      expect(
        (await inject('GET', '/api/org/acme/account/settings', undefined, bearer(token)))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await inject(
            'PUT',
            '/api/org/acme/account/settings',
            { phone: '514 555 0100' },
            bearer(token),
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (await inject('POST', '/api/org/acme/logout', undefined, bearer(token))).statusCode,
      ).toBe(401);
      expect(
        (
          await inject('POST', '/api/org/acme/login', {
            username: learner.username,
            password: learner.password,
          })
        ).statusCode,
      ).toBe(401);
    });

    it('refuses missing and malformed tokens', async () => {
      const none = await inject('GET', '/api/org/doughmain/account/settings');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ errors: ['You must be signed in to do this.'] });
      for (const authorization of [
        'Bearer',
        'Bearer x',
        `Bearer ${'a'.repeat(5000)}`,
        'Basic Zm9vOmJhcg==',
        "Bearer ' OR 1=1 --",
      ])
        expect(
          (await inject('GET', '/api/org/doughmain/account/settings', undefined, { authorization }))
            .statusCode,
          authorization,
        ).toBe(401);
    });

    it('rate limits login per account and per address with 429 and the error body', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push(
          (
            await inject(
              'POST',
              '/api/org/doughmain/login',
              { username: learner.username, password: 'wrong-password' },
              {},
              `10.9.${i}.1`,
            )
          ).statusCode,
        );
      expect(statuses.every((s) => s === 401)).toBe(true);
      // Guesses from many addresses slow the account's sign-ins down, and never lock the
      // learner out (issue 16 F8; login-limit.test.ts).
      const slowed = await inject(
        'POST',
        '/api/org/doughmain/login',
        { username: learner.username, password: learner.password },
        {},
        '10.9.99.1',
      );
      expect(slowed.statusCode).toBe(200);
      // From one address, the eleventh guess at one account is refused.
      for (let i = 0; i < 10; i++)
        await inject(
          'POST',
          '/api/org/doughmain/login',
          { username: learner.email, password: 'wrong-password' },
          {},
          '10.9.98.1',
        );
      const limited = await inject(
        'POST',
        '/api/org/doughmain/login',
        { username: learner.username, password: learner.password },
        {},
        '10.9.98.1',
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ errors: [expect.stringMatching(/^Too many attempts/)] });

      const fromOneAddress: number[] = [];
      for (let i = 0; i < 32; i++)
        fromOneAddress.push(
          (
            await inject(
              'POST',
              '/api/org/doughmain/login',
              { username: `someone${i}`, password: 'x' },
              {},
              '10.8.0.1',
            )
          ).statusCode,
        );
      expect(fromOneAddress.at(-1)).toBe(429);
    });
  });

  describe('account settings', () => {
    it('changes only what is sent, trimming names', async () => {
      const { token } = await signup(t.app, 'doughmain');
      const res = await inject(
        'PUT',
        '/api/org/doughmain/account/settings',
        { name: { first: '  Grace ' }, phone: '555-0199', company: 'Navy', employeeId: 'E-7' },
        bearer(token),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().account).toMatchObject({
        name: { first: 'Grace', last: 'Lovelace', full: 'Grace Lovelace' },
        phone: '555-0199',
        company: 'Navy',
        employeeId: 'E-7',
      });
      const html = await inject(
        'PUT',
        '/api/org/doughmain/account/settings',
        { company: '<img src=x onerror=alert(1)>' },
        bearer(token),
      );
      expect(html.json().account.company).toBe('<img src=x onerror=alert(1)>');
      const bad = await inject(
        'PUT',
        '/api/org/doughmain/account/settings',
        { phone: 12, name: 'x' },
        bearer(token),
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errfor)).toEqual(expect.arrayContaining(['phone', 'name']));
    });

    it('cannot change another learner, whatever is sent', async () => {
      const a = await signup(t.app, 'doughmain');
      const b = await signup(t.app, 'doughmain');
      await inject(
        'PUT',
        '/api/org/doughmain/account/settings',
        { phone: '555-0100', user: { id: { username: b.body.username } }, id: 'x' } as object,
        bearer(a.token),
      );
      const other = await inject(
        'GET',
        '/api/org/doughmain/account/settings',
        undefined,
        bearer(b.token),
      );
      expect(other.json().account.phone).toBe('');
    });
  });

  describe('forgotten passwords (outbox)', () => {
    it('answers the same whether or not the email exists, and mails a link that works once', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      const outbox = path.join(t.config.dataDir, 'outbox');
      const unknown = await inject('POST', '/api/org/doughmain/login/forgot', {
        email: 'nobody@example.com',
      });
      const known = await inject('POST', '/api/org/doughmain/login/forgot?locale=fr-CA', {
        email: learner.email.toUpperCase(),
      });
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());

      const mail = await waitFor(() => {
        const m = newestOutboxMail(outbox, learner.email);
        return m?.includes(learner.email) ? m : undefined;
      });
      expect(mail).toContain('Subject: =?UTF-8?');
      expect(mail).toMatch(/Test doughmain|Essai doughmain/);
      const link = resetLinkIn(mail)!;
      expect(link.email).toBe(learner.email);

      const mismatch = await inject(
        'PUT',
        `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${link.token}`,
        { password: 'new-password-1', confirm: 'other-password' },
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errfor).toEqual({ confirm: 'does not match the password' });

      const wrongEmail = await inject(
        'PUT',
        `/api/org/doughmain/login/reset/other%40example.com/${link.token}`,
        { password: 'new-password-1', confirm: 'new-password-1' },
      );
      expect(wrongEmail.statusCode).toBe(400);

      const { token: oldSession } = (
        await inject('POST', '/api/org/doughmain/login', {
          username: learner.username,
          password: learner.password,
        })
      ).json();
      const reset = await inject(
        'PUT',
        `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${link.token}`,
        { password: 'new-password-1', confirm: 'new-password-1' },
      );
      expect(reset.statusCode).toBe(200);
      expect(
        (
          await inject('POST', '/api/org/doughmain/login', {
            username: learner.username,
            password: learner.password,
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await inject('POST', '/api/org/doughmain/login', {
            username: learner.username,
            password: 'new-password-1',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await inject('GET', '/api/org/doughmain/account/settings', undefined, bearer(oldSession)))
          .statusCode,
      ).toBe(401);

      const reused = await inject(
        'PUT',
        `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${link.token}`,
        { password: 'another-pass-1', confirm: 'another-pass-1' },
      );
      expect(reused.statusCode).toBe(400);
      expect(reused.json().errors[0]).toMatch(/invalid or has expired/);
    });

    it('refuses an expired reset link', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      await inject('POST', '/api/org/doughmain/login/forgot', { email: learner.email });
      const outbox = path.join(t.config.dataDir, 'outbox');
      const mail = await waitFor(() => {
        const m = newestOutboxMail(outbox, learner.email);
        return m?.includes(learner.email) ? m : undefined;
      });
      const link = resetLinkIn(mail)!;
      await t.database.db.kysely
        .updateTable('password_resets')
        .set({ expires_at: '2000-01-01T00:00:00.000Z' })
        .where('used_at', 'is', null)
        .execute();
      const res = await inject(
        'PUT',
        `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${link.token}`,
        { password: 'new-password-1', confirm: 'new-password-1' },
      );
      expect(res.statusCode).toBe(400);
    });

    it('refuses a reset link of one organisation in another', async () => {
      const learner = newLearner();
      await signup(t.app, 'doughmain', learner);
      await inject('POST', '/api/org/doughmain/login/forgot', { email: learner.email });
      const mail = await waitFor(() => {
        const m = newestOutboxMail(path.join(t.config.dataDir, 'outbox'), learner.email);
        return m?.includes(learner.email) ? m : undefined;
      });
      const link = resetLinkIn(mail)!;
      const res = await inject(
        'PUT',
        `/api/org/acme/login/reset/${encodeURIComponent(learner.email)}/${link.token}`,
        { password: 'new-password-1', confirm: 'new-password-1' },
      );
      expect(res.statusCode).toBe(400);
    });

    it('validates the email and rate limits per email', async () => {
      const bad = await inject('POST', '/api/org/doughmain/login/forgot', { email: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errfor).toEqual({ email: 'must be an email address' });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await inject(
              'POST',
              '/api/org/doughmain/login/forgot',
              { email: 'target@example.com' },
              {},
              `10.7.${i}.1`,
            )
          ).statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
