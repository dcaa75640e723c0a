// Issue 28's notice figure: one group message to 10,000 members who did not read it, the day's
// digest sweep queuing a notice each, all delivered through a real SMTP server (smtp-server, in
// this process) by the app's job runner, none twice: the time from the sweep to the last mail.
// Runs on both databases in process (the app as the tests build it). Prints JSON.
import { randomUUID } from 'node:crypto';
import { startTestApp } from '../apps/server/src/test/app';
import type { DatabaseKind } from '../apps/server/src/test/databases';
import { makePack, mustImport } from '../apps/server/src/test/factories';
import { startSmtpInbox } from '../apps/server/src/test/smtp';

const MEMBERS = 10_000;
const PASSWORD = 'notice-bench-12';

async function run(kind: DatabaseKind) {
  const smtp = await startSmtpInbox();
  const t = await startTestApp(kind, { SMTP_URL: smtp.url, LOG_LEVEL: 'warn' });
  try {
    await mustImport(
      t.database.db,
      makePack('noticeorg', {
        organisation: { enableMessaging: true },
        userGroups: [{ _id: 'insiders', name: 'Everyone' }] as never,
        users: [
          {
            username: 'speaker',
            email: 'speaker@bench.example',
            password: PASSWORD,
            name: { first: 'Sam', last: 'Speaker' },
            groups: [{ group: 'insiders', role: 'admin' }],
          },
        ] as never,
      }),
    );
    const org = (await t.organisations.find('noticeorg'))!;
    const at = new Date().toISOString();
    for (let start = 0; start < MEMBERS; start += 500) {
      const ids = Array.from({ length: Math.min(500, MEMBERS - start) }, () => randomUUID());
      await t.database.db.kysely
        .insertInto('users')
        .values(
          ids.map((id, i) => ({
            id,
            org_id: org.id,
            username: `crowd${start + i}`,
            username_key: `crowd${start + i}`,
            email: `crowd${start + i}@bench.example`,
            email_key: `crowd${start + i}@bench.example`,
            first_name: 'Crowd',
            last_name: String(start + i),
            from_pack: 0,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await t.database.db.kysely
        .insertInto('user_group_members')
        .values(
          ids.map((id) => ({ org_id: org.id, group_id: 'insiders', user_id: id, role: 'member' })),
        )
        .execute();
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/noticeorg/login',
      payload: { username: 'speaker', password: PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/org/noticeorg/userGroup/insiders/message',
      headers: { authorization: `Bearer ${token}` },
      payload: { body: 'The workshop moves to Thursday at 10.' },
    });
    if (posted.statusCode !== 200) throw new Error(`post answered ${posted.statusCode}`);
    const before = smtp.inbox.length;

    const started = performance.now();
    const day = new Date(Date.now() + 17 * 3_600_000).toISOString().slice(0, 10);
    const queued = await t.services.notifications.sweepDigest(day);
    const queuedMs = performance.now() - started;
    const deadline = Date.now() + 300_000;
    while (smtp.inbox.length - before < queued && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const sentMs = performance.now() - started;
    // A second sweep of the same day (another process, a restart): nothing more.
    await t.services.notifications.sweepDigest(day);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const mails = smtp.inbox.slice(before);
    const recipients = new Set(mails.flatMap((m) => m.to));
    return {
      members: MEMBERS,
      queued,
      delivered: mails.length,
      distinctRecipients: recipients.size,
      twice: mails.length - recipients.size,
      queueMs: Math.round(queuedMs),
      allSentMs: Math.round(sentMs),
      target: '10,000 sent in < 60 s, none twice',
      met:
        queued === MEMBERS &&
        mails.length === MEMBERS &&
        recipients.size === MEMBERS &&
        sentMs < 60_000,
    };
  } finally {
    await t.close();
    await smtp.close();
  }
}

const kinds = (process.argv[2] ?? 'sqlite,postgres').split(',') as DatabaseKind[];
const out: Record<string, unknown> = {};
for (const kind of kinds) out[kind] = await run(kind);
console.log(JSON.stringify(out));
