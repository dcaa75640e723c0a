import { isUnused, localise } from '@portal/domain';
import { findUser } from '../../db/repositories/accounts';
import { invitationsOfGroup } from '../../db/repositories/invitations';
import {
  activeAccounts,
  groupAdministrators,
  messageById,
  type Recipient,
} from '../../db/repositories/notifications';
import { findOrganisationById } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/user-groups';
import { JOB_KINDS } from '../../jobs/kinds';
import type { JobKind } from '../../jobs/runner';
import { presentInvitation } from '../../presenters/invitations';
import {
  fullName,
  type MessageNoticePayload,
  type NotificationsContext,
  type ReminderPayload,
  type SummaryPayload,
} from './context';
import { notice, subjectOfEmail } from './sending';
import { privateMessageText, reminderText, summaryText } from './texts';

/** The jobs that decide who is told of a private message, and of a pending invitation. */

export function messageJob(ctx: NotificationsContext): JobKind<MessageNoticePayload> {
  return {
    kind: JOB_KINDS.messageNotice,
    maxAttempts: 6,
    handle: async ({ orgId, messageId }) => {
      const org = await findOrganisationById(ctx.db, orgId);
      if (!org) return;
      const message = await messageById(ctx.db, org.id, messageId);
      if (!message || !message.is_private) return;
      const group = await findUserGroup(ctx.db, org.id, message.group_id);
      const author = await findUser(ctx.db, org.id, message.author_id);
      if (!group || !author) return;
      // The member wrote in their own thread: the group's administrators are told; an
      // administrator answered in a member's thread: that member is.
      const toAdmin = message.thread_id === message.author_id;
      const recipients: Recipient[] = toAdmin
        ? await groupAdministrators(ctx.db, org.id, group.id)
        : await activeAccounts(ctx.db, org.id, [message.thread_id]);
      for (const r of recipients) {
        if (r.id === author.id) continue;
        await notice(
          ctx,
          org,
          { subject: r.id, email: r.email },
          'privateMessage',
          `message:${message.id}:${r.id}`,
          (locale) =>
            privateMessageText(locale, {
              org: localise(org.settings.name, locale),
              group: localise(group.name, locale),
              author: fullName(author),
              body: message.body,
              toAdmin,
              href: ctx.links.page(org, toAdmin ? `/group/${group.id}` : '/'),
            }),
        );
      }
    },
  };
}

export function reminderJob(ctx: NotificationsContext): JobKind<ReminderPayload> {
  return {
    kind: JOB_KINDS.invitationReminder,
    maxAttempts: 6,
    handle: async (p) => {
      const org = await findOrganisationById(ctx.db, p.orgId);
      if (!org) return;
      const [record] = await invitationsOfGroup(ctx.db, org.id, p.groupId, {
        inviteId: p.inviteId,
      });
      // Taken, revoked or addressed to someone else since: nothing to remind.
      if (!record || !isUnused(record) || record.revokedAt || record.emailKey !== p.email) return;
      const group = await findUserGroup(ctx.db, org.id, p.groupId);
      if (!group) return;
      const link = ctx.links.page(org, presentInvitation(record).link);
      await notice(
        ctx,
        org,
        { subject: await subjectOfEmail(ctx, org, p.email), email: p.email },
        'reminder',
        `reminder:${p.inviteId}:${p.email}:${p.days}`,
        (locale) =>
          reminderText(locale, {
            org: localise(org.settings.name, locale),
            group: localise(group.name, locale),
            days: p.days,
            href: link,
          }),
        { hint: p.locale },
      );
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      await ctx.jobs.enqueue(ctx.db, {
        kind: JOB_KINDS.reminderSummary,
        orgId: org.id,
        payload: { orgId: org.id, groupId: p.groupId, day, locale: p.locale },
        idempotencyKey: `reminder-summary:${org.id}:${p.groupId}:${day}`,
      });
    },
  };
}

/** To the cohort's administrators, once a day at most: who has still not accepted. */
export function summaryJob(ctx: NotificationsContext): JobKind<SummaryPayload> {
  return {
    kind: JOB_KINDS.reminderSummary,
    maxAttempts: 6,
    handle: async (p) => {
      const org = await findOrganisationById(ctx.db, p.orgId);
      if (!org) return;
      const group = await findUserGroup(ctx.db, org.id, p.groupId);
      if (!group) return;
      const pending = (await invitationsOfGroup(ctx.db, org.id, p.groupId))
        .filter((i) => isUnused(i) && !i.revokedAt && i.emailKey)
        .map((i) => i.emailKey!)
        .sort();
      if (!pending.length) return;
      for (const admin of await groupAdministrators(ctx.db, org.id, p.groupId))
        await notice(
          ctx,
          org,
          { subject: admin.id, email: admin.email },
          'reminder',
          `reminder-summary:${p.groupId}:${p.day}:${admin.id}`,
          (locale) =>
            summaryText(locale, {
              group: localise(group.name, locale),
              pending,
              href: ctx.links.page(org, `/group/${group.id}`),
            }),
          { hint: p.locale },
        );
    },
  };
}

/** The next digest sweep, queued once whichever process asks (its key is its day). */
