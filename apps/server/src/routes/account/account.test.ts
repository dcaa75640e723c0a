import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp';

/** The confirmation link of a mail: /confirmEmail/{token}, undoing quoted-printable soft breaks. */
function confirmTokenIn(mail: string): string | undefined {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /\/confirmEmail\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

describe.each(DATABASE_KINDS)('account basics on %s (issue 24, point 11)', (kind) => {
  let smtp: SmtpInbox;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: 'https://portal.example.com',
    });
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: token ? bearer(token) : {},
    });
  const login = (username: string, password: string) =>
    inject('POST', '/api/org/doughmain/login', undefined, { username, password });

  describe('profile fields', () => {
    it('refuses a phone that is not a phone number, with errfor on phone, in both locales', async () => {
      const { token } = await signup(t.app, 'doughmain');
      for (const phone of ['not a phone!!', '12345', '+1 555 123 4567 8910 1112', '555-CALL-NOW']) {
        const res = await inject('PUT', '/api/org/doughmain/account/settings', token, { phone });
        expect(res.statusCode, phone).toBe(400);
        expect(res.json().errfor).toEqual({ phone: 'must be a phone number' });
      }
      const fr = await inject('PUT', '/api/org/doughmain/account/settings?locale=fr-CA', token, {
        phone: 'not a phone!!',
      });
      expect(fr.json().errfor).toEqual({ phone: 'doit être un numéro de téléphone' });
      for (const phone of ['+1 (555) 123-4567', '555.123.4567', '+33 1 23 45 67 89', '']) {
        const res = await inject('PUT', '/api/org/doughmain/account/settings', token, { phone });
        expect(res.statusCode, phone).toBe(200);
        expect(res.json().account.phone).toBe(phone);
      }
    });

    it('refuses an empty or blank first name, with errfor on it, and keeps the old one', async () => {
      const { token } = await signup(t.app, 'doughmain');
      for (const first of ['', '   ']) {
        const res = await inject('PUT', '/api/org/doughmain/account/settings', token, {
          name: { first },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().errfor).toEqual({ 'name.first': 'is required' });
      }
      const account = await inject('GET', '/api/org/doughmain/account/settings', token);
      expect(account.json().account.name.first).toBe('Ada');
      // The last name may be cleared.
      const last = await inject('PUT', '/api/org/doughmain/account/settings', token, {
        name: { last: '' },
      });
      expect(last.statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    const url = '/api/org/doughmain/account/settings/password';

    it('needs the right current password (errfor on current) and a new one under the sign-up rules', async () => {
      const learner = newLearner('pw');
      const { token } = await signup(t.app, 'doughmain', learner);
      const wrong = await inject('PUT', url, token, {
        current: 'not-my-password',
        password: 'another-pass-2',
        confirm: 'another-pass-2',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        errors: ['Your current password is not right.'],
        errfor: { current: 'is not right' },
      });
      const short = await inject('PUT', url, token, {
        current: learner.password,
        password: 'short',
        confirm: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errfor).toEqual({ password: 'must be at least 8 characters' });
      const mismatch = await inject('PUT', url, token, {
        current: learner.password,
        password: 'another-pass-2',
        confirm: 'another-pass-3',
      });
      expect(mismatch.json().errfor).toEqual({ confirm: 'does not match the password' });
      const signedOut = await inject('PUT', url, undefined, {
        current: learner.password,
        password: 'another-pass-2',
        confirm: 'another-pass-2',
      });
      expect(signedOut.statusCode).toBe(401);
      // Nothing changed.
      expect((await login(learner.username, learner.password)).statusCode).toBe(200);
    });

    it('changes it, ends every other session and keeps this one', async () => {
      const learner = newLearner('pw');
      const { token } = await signup(t.app, 'doughmain', learner);
      const other = (await login(learner.username, learner.password)).json().token as string;
      const res = await inject('PUT', url, token, {
        current: learner.password,
        password: 'another-pass-2',
        confirm: 'another-pass-2',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await inject('GET', '/api/org/doughmain/account/settings', token)).statusCode).toBe(
        200,
      );
      expect((await inject('GET', '/api/org/doughmain/account/settings', other)).statusCode).toBe(
        401,
      );
      expect((await login(learner.username, learner.password)).statusCode).toBe(401);
      expect((await login(learner.username, 'another-pass-2')).statusCode).toBe(200);
    });

    it('is limited per account like sign-in (429 after 10 tries in 15 minutes)', async () => {
      const learner = newLearner('pw');
      const { token } = await signup(t.app, 'doughmain', learner);
      const body = {
        current: 'wrong-guess-0',
        password: 'another-pass-2',
        confirm: 'another-pass-2',
      };
      for (let i = 0; i < 10; i++)
        expect((await inject('PUT', url, token, body)).statusCode).toBe(400);
      const limited = await inject('PUT', url, token, body);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('change email', () => {
    const url = '/api/org/doughmain/account/settings/email';
    const confirm = (token: string) =>
      inject('POST', '/api/org/doughmain/account/email/confirm', undefined, { token });

    it('mails a one-use link to the new address and a notice to the old one; changes only when followed', async () => {
      const learner = newLearner('em');
      const { token } = await signup(t.app, 'doughmain', learner);
      const next = `new-${learner.email}`;
      const res = await inject('POST', `${url}?locale=fr-CA`, token, { email: next });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      const link = await waitFor(() => smtp.inbox.find((m) => m.to.includes(next)));
      const notice = await waitFor(() => smtp.inbox.find((m) => m.to.includes(learner.email)));
      expect(link.raw).toMatch(/^Subject: Confirmez votre nouveau courriel Essai doughmain/m);
      expect(notice.raw.replace(/=\r?\n/g, '')).toContain(next);
      // fr-CA: a no-break space before the colon (quoted-printable =C2=A0).
      expect(link.raw.replace(/=\r?\n/g, '')).toContain('ignorez ce courriel=C2=A0: votre compte');
      expect(confirmTokenIn(notice.raw)).toBeUndefined();
      const linkToken = confirmTokenIn(link.raw)!;
      expect(link.raw.replace(/=\r?\n/g, '')).toContain(
        `https://learn.doughmain.example/confirmEmail/${linkToken}`.replace(/=/g, '=3D'),
      );

      // Not yet changed.
      const before = await inject('GET', '/api/org/doughmain/account/settings', token);
      expect(before.json().account.user.id.email).toBe(learner.email);

      const done = await confirm(linkToken);
      expect(done.statusCode).toBe(200);
      const after = await inject('GET', '/api/org/doughmain/account/settings', token);
      expect(after.json().account.user.id.email).toBe(next);
      expect((await login(next, learner.password)).statusCode).toBe(200);
      expect((await login(learner.email, learner.password)).statusCode).toBe(401);

      const again = await confirm(linkToken);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        errors: ['This email confirmation link is invalid or has expired. Ask for a new one.'],
      });
    });

    it('refuses an address another account holds, the same address, and a bad one', async () => {
      const learner = newLearner('em');
      const { token } = await signup(t.app, 'doughmain', learner);
      const { body: someone } = await signup(t.app, 'doughmain');
      const taken = await inject('POST', url, token, {
        email: String(someone.email).toUpperCase(),
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({
        errors: ['That email already has an account.'],
        errfor: { email: 'already has an account' },
      });
      const same = await inject('POST', url, token, { email: learner.email });
      expect(same.json().errfor).toEqual({ email: 'is already your email' });
      const bad = await inject('POST', url, token, { email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errfor).toEqual({ email: 'must be an email address' });
    });

    it('refuses a link whose address was taken meanwhile, and an expired link', async () => {
      const learner = newLearner('em');
      const { token } = await signup(t.app, 'doughmain', learner);
      const next = `late-${learner.email}`;
      await inject('POST', url, token, { email: next });
      const link = confirmTokenIn(
        (await waitFor(() => smtp.inbox.find((m) => m.to.includes(next)))).raw,
      )!;
      await signup(t.app, 'doughmain', { ...newLearner('em'), email: next });
      const taken = await confirm(link);
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errfor).toEqual({ email: 'already has an account' });

      const later = `expired-${learner.email}`;
      await inject('POST', url, token, { email: later });
      const expired = confirmTokenIn(
        (await waitFor(() => smtp.inbox.find((m) => m.to.includes(later)))).raw,
      )!;
      await t.database.db.kysely
        .updateTable('email_changes')
        .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
        .where('new_email', '=', later)
        .execute();
      expect((await confirm(expired)).statusCode).toBe(400);
      const account = await inject('GET', '/api/org/doughmain/account/settings', token);
      expect(account.json().account.user.id.email).toBe(learner.email);
    });

    it('tells a single sign-on account why its email cannot change here', async () => {
      const learner = newLearner('em');
      const { token } = await signup(t.app, 'doughmain', learner);
      await t.database.db.kysely
        .updateTable('users')
        .set({ oauth_group_id: 'g-sso' })
        .where('username_key', '=', learner.username.toLowerCase())
        .execute();
      const res = await inject('POST', url, token, { email: `sso-${learner.email}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          'The email of this account comes from your organisation’s single sign-on; change it there.',
        ],
        errfor: { email: 'comes from your single sign-on' },
      });
    });
  });
});
