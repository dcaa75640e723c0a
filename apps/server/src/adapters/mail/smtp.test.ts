import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { newLearner, resetLinkIn, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe.each(DATABASE_KINDS)('password reset through a real SMTP server on %s', (kind) => {
  const inbox: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp(kind, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_ORIGIN: 'https://portal.example.com',
    });
    await mustImport(t.database.db, makePack('doughmain'));
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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

    const mail = await waitFor(() => inbox.find((m) => m.to.includes(learner.email)));
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
    const before = inbox.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login/forgot',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.json()).toEqual({ success: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.length).toBe(before);
  });
});
