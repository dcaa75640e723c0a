import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { newLearner, resetLinkIn, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp';
import { quietFor } from '../../test/wait';

describe.each(DATABASE_KINDS)('password reset through a real SMTP server on %s', (kind) => {
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

  it('delivers a localised, branded mail whose link resets the password once', async () => {
    const learner = newLearner('smtp');
    await signup(t.app, 'doughmain', learner);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot?locale=fr-CA',
      payload: { email: learner.email },
      headers: { host: 'localhost:3000' },
    });
    expect(forgot.statusCode).toBe(200);

    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes(learner.email)));
    expect(mail.raw).toMatch(/^Subject: .*R=C3=A9initialisez|^Subject: =\?UTF-8\?/m);
    expect(mail.raw).toContain('#1a4d8f');
    const link = resetLinkIn(mail.raw)!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(
      // The organisation's own host, with the configured public origin's scheme.
      `https://learn.doughmain.example/resetPassword/${encodeURIComponent(learner.email)}/${link.token}`.replace(
        /=/g,
        '=3D',
      ),
    );

    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/org/doughmain/login/reset/${encodeURIComponent(link.email)}/${link.token}`,
      payload: { password: 'brand-new-pass-1', confirm: 'brand-new-pass-1' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: learner.email, password: 'brand-new-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/org/doughmain/login/reset/${encodeURIComponent(link.email)}/${link.token}`,
      payload: { password: 'third-pass-123', confirm: 'third-pass-123' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('sends nothing, and answers the same, for an email without an account', async () => {
    const before = smtp.inbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.json()).toEqual({ success: true });
    await quietFor(300); // what must not happen: a mail to an address without an account
    expect(smtp.inbox.length).toBe(before);
  });
});
