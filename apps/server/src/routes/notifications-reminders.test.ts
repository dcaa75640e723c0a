import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import { buySeats, customerPack, inviteEmails, newPerson, ORG, type Person } from '../test/cohorts';
import { DATABASE_KINDS } from '../test/databases';
import { mustImport } from '../test/factories';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../test/smtp';
import { quietFor, waitFor } from '../test/wait';

/**
 * Reminders of pending invitations (docs/design.md §17), on each database through a real SMTP
 * server: an invitation mailed queues its reminders for 3 and 7 days later; when one comes due,
 * an invitation still pending is reminded and the cohort's administrator gets the day's summary,
 * a revoked one is not; the same jobs run again send nothing; an invitee who unsubscribed from
 * reminders by their link gets none.
 */

const DAY = 86_400_000;
/** The subject, its MIME encoded words (RFC 2047, UTF-8 Q encoding) decoded. */
function subjectOf(mail: ReceivedMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const raw = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  return raw
    .replace(/\?=\s*=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) => {
      const bytes: number[] = [];
      for (let i = 0; i < q.length; i++) {
        if (q[i] === '_') bytes.push(32);
        else if (q[i] === '=') {
          bytes.push(Number.parseInt(q.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(q.charCodeAt(i));
      }
      return Buffer.from(bytes).toString('utf8');
    });
}

describe.each(DATABASE_KINDS)('invitation reminders on %s', (kind) => {
  let smtp: SmtpInbox;
  let t: TestApp;
  let buyer: Person;
  let cohortId: string;
  const mailsTo = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));
  const reminders = (email: string) =>
    mailsTo(email).filter((m) => subjectOf(m).startsWith('Reminder'));

  async function runDue(filter: (runAt: number) => boolean) {
    const jobs = await t.database.db.kysely
      .selectFrom('jobs')
      .select(['id', 'run_at'])
      .where('kind', '=', 'invitation-reminder')
      .execute();
    const due = jobs.filter((j) => filter(Date.parse(j.run_at))).map((j) => j.id);
    await t.database.db.kysely
      .updateTable('jobs')
      .set({ status: 'queued', run_at: new Date(0).toISOString(), attempts: 0 })
      .where('id', 'in', due)
      .execute();
    t.services.jobs.wake();
    await waitFor(async () => {
      const left = await t.database.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', ['invitation-reminder', 'reminder-summary', 'mail'])
        .where('status', '<>', 'done')
        .where('run_at', '<=', new Date().toISOString())
        .execute();
      return left.length === 0 || undefined;
    });
  }

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
    await mustImport(t.database.db, customerPack());
    buyer = await newPerson(t, ORG, 'remind-buyer');
    cohortId = (await buySeats(t, ORG, buyer, 3)).cohortId!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reminds a pending invitation after 3 and 7 days, once, and tells the cohort’s administrator', async () => {
    const mailedAt = Date.now();
    const { invited } = await inviteEmails(t, ORG, buyer, cohortId, [
      'late@example.com',
      'gone@example.com',
    ]);
    expect(invited).toHaveLength(2);
    await waitFor(() => (mailsTo('late@example.com').length ? true : undefined));
    const invitation = mailsTo('late@example.com')[0]!;
    expect(invitation.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // Two reminders each, 3 and 7 days after the mail.
    const queued = await t.database.db.kysely
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'invitation-reminder')
      .execute();
    const days = queued
      .map((j) => Math.round((Date.parse(j.run_at) - mailedAt) / DAY))
      .sort((a, b) => a - b);
    expect(days).toEqual([3, 3, 7, 7]);

    // gone@ is revoked before its reminder comes due.
    const gone = invited.find((i) => i.email === 'gone@example.com')!;
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/userGroup/${cohortId}/invites/${gone._id}/revoke`,
      headers: bearer(buyer.token),
    });
    expect(revoked.statusCode).toBe(200);

    await runDue((runAt) => runAt < mailedAt + 5 * DAY);
    const first = await waitFor(() => reminders('late@example.com')[0]);
    expect(first.raw.replace(/=\r?\n/g, '')).toContain('3 days ago');
    expect(reminders('gone@example.com')).toEqual([]);
    const summary = await waitFor(() =>
      mailsTo(buyer.email).find((m) => subjectOf(m).includes('still pending')),
    );
    expect(summary.raw).toContain('late@example.com');
    expect(summary.raw).not.toContain('gone@example.com');

    // The same jobs again (another process, a lease run out): nothing more.
    const before = smtp.inbox.length;
    await runDue((runAt) => runAt < mailedAt + 5 * DAY || runAt === 0);
    await quietFor(300);
    expect(smtp.inbox.length).toBe(before);

    // The invitee stops reminders by the link of the first one: the 7-day one does not come.
    const link = /<(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>/.exec(
      first.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '),
    )![1]!;
    const stopped = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.json().unsubscribe).toMatchObject({ kind: 'reminder', stopped: true });
    await runDue((runAt) => runAt >= mailedAt + 5 * DAY);
    await quietFor(300);
    expect(reminders('late@example.com')).toHaveLength(1);
  });
});
