import { localise, type LocalisedText } from '@portal/domain';
import type { Executor } from '../../db/repositories/executor';
import { activeAccounts } from '../../db/repositories/notifications';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { JOB_KINDS } from '../../jobs/kinds';
import {
  REMINDER_DAYS,
  DAY_MS,
  type MessageNoticePayload,
  type NotificationsContext,
  type ReminderPayload,
} from './context';
import { notice } from './sending';
import { certificateText } from './texts';

/** What queues notices: a message, an invitation, a certificate. */

export async function messagePosted(
  ctx: NotificationsContext,
  db: Executor,
  org: OrganisationRecord,
  message: { id: string; isPrivate: boolean },
): Promise<void> {
  if (!message.isPrivate) return;
  await ctx.jobs.enqueue(db, {
    kind: JOB_KINDS.messageNotice,
    orgId: org.id,
    payload: { orgId: org.id, messageId: message.id } satisfies MessageNoticePayload,
    idempotencyKey: `message-notice:${org.id}:${message.id}`,
  });
}

/** After an invitation was mailed: its reminders after 3 and 7 days, each once. */
export async function invitationMailed(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  invitation: { id: string; groupId: string; email: string },
  locale: string,
): Promise<void> {
  const at = ctx.now();
  for (const days of REMINDER_DAYS)
    await ctx.jobs.enqueue(ctx.db, {
      kind: JOB_KINDS.invitationReminder,
      orgId: org.id,
      runAt: at + days * DAY_MS,
      payload: {
        orgId: org.id,
        groupId: invitation.groupId,
        inviteId: invitation.id,
        email: invitation.email.toLowerCase(),
        days,
        locale,
      } satisfies ReminderPayload,
      idempotencyKey: `reminder:${org.id}:${invitation.id}:${invitation.email.toLowerCase()}:${days}`,
    });
}

/** A certificate was issued: the learner hears of it (once per certificate). */
export async function certificateIssued(
  ctx: NotificationsContext,
  org: OrganisationRecord,
  certificate: { id: string; userId: string; topicName: LocalisedText; learnerName: string },
  hint: string,
): Promise<void> {
  const user = (await activeAccounts(ctx.db, org.id, [certificate.userId]))[0];
  if (!user) return;
  await notice(
    ctx,
    org,
    { subject: user.id, email: user.email },
    'certificate',
    `certificate:${certificate.id}`,
    (locale) =>
      certificateText(locale, {
        name: certificate.learnerName,
        topic: localise(certificate.topicName, locale),
        href: ctx.links.page(org, `/verify/${certificate.id}`),
      }),
    { hint },
  );
}
