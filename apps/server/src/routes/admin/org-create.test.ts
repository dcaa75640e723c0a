import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli-run';
import { startAppOn, type TestApp } from '../../test/app';
import { createTestDatabase, DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp';

/**
 * `npm run portal -- org create <alias> --host <host> --admin <email>` (design §15): a starter
 * organisation is served at its host; its first administrator is mailed (real SMTP) a link with
 * which they choose a password, sign in and open the console, where the creation is in the
 * audit log as the system's. A taken alias or host writes nothing.
 */
describe.each(DATABASE_KINDS)('org create on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let databaseUrl: string;

  const portal = async (args: string[]) => {
    let stderr = '';
    const code = await runCli(args, {
      stdout: () => {},
      stderr: (text) => (stderr += text),
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SMTP_URL: smtp.url },
    });
    return { code, stderr };
  };

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    const database = await createTestDatabase(kind);
    databaseUrl = database.url;
    t = await startAppOn(database);
    await mustImport(t.database.db, makePack('existing'));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('makes a starter organisation whose administrator is invited by mail, then signs in to the console', async () => {
    const made = await portal([
      'org',
      'create',
      'neworg',
      '--host',
      'learn.neworg.example',
      '--admin',
      'Chief.Admin@neworg.example',
    ]);
    expect(made.stderr).toContain(
      'neworg: the invitation was mailed to Chief.Admin@neworg.example',
    );
    expect(made.code).toBe(0);

    // Served at its host, in both languages, with nobody able to sign up on their own.
    const host = await t.app.inject({
      method: 'GET',
      url: '/api/host',
      headers: { host: 'learn.neworg.example' },
    });
    expect(host.json()).toEqual({ org: 'neworg' });
    const org = (await t.app.inject({ method: 'GET', url: '/api/org/neworg' })).json();
    expect(org.locales).toEqual(['en-US', 'fr-CA']);

    // The invitation: one mail, both languages, the link to choose a password (no password in it).
    const mail = smtp.inbox.find((m) => m.to.includes('Chief.Admin@neworg.example'))!;
    expect(mail).toBeDefined();
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('choose your password');
    expect(raw).toContain('choisissez votre mot de passe');
    // One HTML document (not two pasted together), the French part marked as French.
    expect(raw.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(raw).toContain('<div lang="fr-CA">');
    const link = raw.match(/\/resetPassword\/([^/\s"<]+)\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    const [, email, token] = link!;

    const password = 'first-admin-pass-1';
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/org/neworg/login/reset/${email}/${token}`,
      payload: { password, confirm: password },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/neworg/login',
      payload: { username: 'Chief.Admin', password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/org/neworg/account/settings',
      headers,
    });
    expect(settings.json().account.roles).toEqual(['admin']);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/org/neworg/admin/audit',
      headers,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().events).toEqual([
      expect.objectContaining({
        actor: null,
        action: 'pack.import',
        target: 'organisation',
        before: null,
      }),
    ]);
    // The link works once.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/org/neworg/login/reset/${email}/${token}`,
      payload: { password, confirm: password },
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an alias or a host already taken, and a missing option, changing nothing', async () => {
    const mails = smtp.inbox.length;
    const taken = await portal([
      'org',
      'create',
      'existing',
      '--host',
      'x.example',
      '--admin',
      'a@x.example',
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('"existing" is already an organisation');
    const host = await portal([
      'org',
      'create',
      'another',
      '--host',
      'learn.existing.example',
      '--admin',
      'a@another.example',
    ]);
    expect(host.code).toBe(1);
    expect(host.stderr).toContain('already belongs to another organisation');
    expect((await t.app.inject({ method: 'GET', url: '/api/org/another' })).statusCode).toBe(404);
    const missing = await portal(['org', 'create', 'third', '--host', 'third.example']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--admin is required');
    expect(smtp.inbox.length).toBe(mails);
  });
});
