import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../test/smtp';
import { quietFor, waitFor } from '../test/wait';

/**
 * Mail notices (docs/design.md §17) through a real SMTP server on each database: a private
 * message tells the group's administrators, an answer tells the member, once each even when the
 * jobs run again; the one-click unsubscribe of the mail's headers (RFC 8058) stops that kind
 * without a session and shows on the profile; the digest tells members of what they did not
 * read, once a day.
 */

const PASSWORD = 'notice-pass-12';
const user = (username: string, groups: { group: string; role: 'member' | 'admin' }[]) => ({
  username,
  email: `${username}@example.com`,
  password: PASSWORD,
  name: { first: username, last: 'Tester' },
  groups,
});

/** A header of a received mail, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}
/** The mail's text part, quoted-printable undone. */
const body = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe.each(DATABASE_KINDS)('mail notices on %s', (kind) => {
  let smtp: SmtpInbox;
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const mailsTo = (who: string) => smtp.inbox.filter((m) => m.to.includes(`${who}@example.com`));

  async function login(org: string, username: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/org/${org}/login`,
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string }>().token;
  }
  const post = (who: string, payload: object, org = 'doughmain', group = 'insiders') =>
    t.app.inject({
      method: 'POST',
      url: `/api/org/${org}/userGroup/${group}/message`,
      headers: bearer(tokens[who]!),
      payload,
    });

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_ORIGIN: 'https://portal.example.com',
    });
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        organisation: { enableMessaging: true, locales: ['en-US', 'fr-CA'] },
        userGroups: [{ _id: 'insiders', name: { 'en-US': 'Crew', 'fr-CA': 'Équipe' } }] as never,
        users: [
          user('coach', [{ group: 'insiders', role: 'admin' }]),
          user('member', [{ group: 'insiders', role: 'member' }]),
          user('quiet', [{ group: 'insiders', role: 'member' }]),
        ] as never,
      }),
    );
    await mustImport(
      t.database.db,
      makePack('acme', {
        organisation: { enableMessaging: true },
        userGroups: [{ _id: 'insiders', name: 'Acme crew' }] as never,
        users: [user('rival', [{ group: 'insiders', role: 'member' }])] as never,
      }),
    );
    for (const who of ['coach', 'member', 'quiet']) tokens[who] = await login('doughmain', who);
    tokens.rival = await login('acme', 'rival');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('starts with every notice on and a daily digest, and keeps what is changed', async () => {
    const url = '/api/org/doughmain/account/notifications';
    const first = await t.app.inject({ url, headers: bearer(tokens.quiet!) });
    expect(first.json()).toEqual({
      preferences: {
        privateMessage: true,
        invitation: true,
        reminder: true,
        certificate: true,
        digest: 'daily',
      },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${url}?locale=fr-CA`,
      headers: bearer(tokens.quiet!),
      payload: { digest: 'weekly', certificate: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toMatchObject({ digest: 'weekly', certificate: false });
    const again = await t.app.inject({ url, headers: bearer(tokens.quiet!) });
    expect(again.json().preferences).toMatchObject({
      digest: 'weekly',
      certificate: false,
      privateMessage: true,
    });

    for (const payload of [{}, { digest: 'hourly' }, { privateMessage: 'yes' }, { other: true }]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(tokens.quiet!),
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors).toEqual([expect.any(String)]);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    // A session of another organisation is no session here.
    expect((await t.app.inject({ url, headers: bearer(tokens.rival!) })).statusCode).toBe(401);
  });

  it('tells the administrators of a private message, and the member of the answer, once each', async () => {
    const asked = await post('member', { body: 'Where is the worksheet?', isPrivate: true });
    expect(asked.statusCode).toBe(200);
    const toCoach = await waitFor(() => mailsTo('coach')[0]);
    expect(body(toCoach)).toContain('Where is the worksheet?');
    expect(header(toCoach, 'Subject')).toContain('Private message from member Tester in Crew');
    expect(header(toCoach, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(toCoach, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/[^>]+\/api\/org\/doughmain\/unsubscribe\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+>$/,
    );
    // No one else of the group heard of it.
    expect(mailsTo('quiet')).toEqual([]);

    const answered = await post('coach', {
      body: 'Page three.',
      isPrivate: true,
      threadOf: await memberId(),
    });
    expect(answered.statusCode).toBe(200);
    const toMember = await waitFor(() => mailsTo('member')[0]);
    expect(body(toMember)).toContain('Page three.');
    expect(header(toMember, 'Subject')).toContain('coach Tester answered you in Crew');

    // The same notice jobs delivered again (a lease run out, another process): no mail twice
    // (each mail job is queued under its key; a mail job run twice is jobs/mail.ts's own test).
    const before = smtp.inbox.length;
    await t.database.db.kysely
      .updateTable('jobs')
      .set({ status: 'queued', run_at: new Date(0).toISOString(), attempts: 0 })
      .where('kind', '=', 'message-notice')
      .execute();
    t.services.jobs.wake();
    await waitFor(async () => {
      const left = await t.database.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'message-notice')
        .where('status', '<>', 'done')
        .execute();
      return left.length === 0 || undefined;
    });
    await quietFor(300);
    expect(smtp.inbox.length).toBe(before);
    expect(mailsTo('coach')).toHaveLength(1);
    expect(mailsTo('member')).toHaveLength(1);
  });

  async function memberId() {
    const row = await t.database.db.kysely
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'member')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('stops a kind by the one-click link, without a session, and the profile shows it', async () => {
    const mail = mailsTo('member')[0]!;
    const oneClick = new URL(header(mail, 'List-Unsubscribe')!.slice(1, -1));
    const path = oneClick.pathname;
    const token = path.split('/').at(-1)!;

    const read = await t.app.inject({ url: path });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      unsubscribe: { kind: 'privateMessage', email: 'm***@example.com', stopped: false },
    });
    // The link in the mail's text opens the page that asks for the same.
    expect(body(mail)).toContain(`/unsubscribe/${token}`);

    const stopped = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().unsubscribe).toMatchObject({ kind: 'privateMessage', stopped: true });
    const profile = await t.app.inject({
      url: '/api/org/doughmain/account/notifications',
      headers: bearer(tokens.member!),
    });
    expect(profile.json().preferences).toMatchObject({ privateMessage: false, digest: 'daily' });

    // Another answer: no mail to the member now.
    await post('coach', { body: 'And page four.', isPrivate: true, threadOf: await memberId() });
    await quietFor(500);
    expect(mailsTo('member')).toHaveLength(1);

    // A changed signature, a token of another organisation, or no token: not found, nothing stops.
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [
      `/api/org/doughmain/unsubscribe/${tampered}`,
      `/api/org/acme/unsubscribe/${token}`,
      `/api/org/doughmain/unsubscribe/not-a-token`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.json().errors).toEqual([expect.any(String)]);
    }
    const coachPrefs = await t.app.inject({
      url: '/api/org/doughmain/account/notifications',
      headers: bearer(tokens.coach!),
    });
    expect(coachPrefs.json().preferences.privateMessage).toBe(true);
  });

  it('mails each member a digest of the group messages they did not read, once a day', async () => {
    const said = await post('coach', { body: 'Quiz moved to Friday.' });
    expect(said.statusCode).toBe(200);
    // quiet reads the group; member does not.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/userGroup/insiders/message/read',
      headers: bearer(tokens.quiet!),
      payload: {},
    });
    expect(read.statusCode).toBeLessThan(300);
    // The day whose sweep covers now: the next 07:00 UTC.
    const next = new Date(Date.now() + 17 * 3_600_000).toISOString().slice(0, 10);
    const queued = await t.services.notifications.sweepDigest(next);
    expect(queued).toBe(1);
    const digest = await waitFor(() =>
      mailsTo('member').find((m) => header(m, 'Subject')?.includes('group message')),
    );
    expect(body(digest)).toContain('Quiz moved to Friday.');
    expect(header(digest, 'List-Unsubscribe')).toContain('/api/org/doughmain/unsubscribe/');
    // The author and the reader get none; a second sweep of the same day sends nothing.
    expect(await t.services.notifications.sweepDigest(next)).toBe(1);
    await quietFor(500);
    expect(
      mailsTo('member').filter((m) => header(m, 'Subject')?.includes('group message')),
    ).toHaveLength(1);
    expect(mailsTo('coach').filter((m) => header(m, 'Subject')?.includes('group message'))).toEqual(
      [],
    );
    expect(mailsTo('quiet').filter((m) => header(m, 'Subject')?.includes('group message'))).toEqual(
      [],
    );
  });
});
