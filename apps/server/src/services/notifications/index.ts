import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isUnused,
  localise,
  UNSUBSCRIBE_KINDS,
  type LocalisedText,
  type NotificationPreferences,
  type RouteAnswer,
  type RouteBody,
  type UnsubscribeKind,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import { findUserByEmail, findUser } from '../../db/repositories/accounts';
import type { Executor } from '../../db/repositories/executor';
import { invitationsOfGroup } from '../../db/repositories/invitations';
import {
  accountNames,
  activeAccounts,
  emailSubject,
  groupAdministrators,
  messageById,
  notificationSecret,
  organisationsWithMessages,
  preferencesOf,
  preferencesOfMany,
  savePreferences,
  unreadGroupMessages,
  type Recipient,
} from '../../db/repositories/notifications';
import { findOrganisationById, type OrganisationRecord } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/user-groups';
import { JOB_KINDS } from '../../jobs/kinds';
import type { JobKind, JobRunner } from '../../jobs/runner';
import { presentInvitation } from '../../presenters/invitations';
import { notFound } from '../errors';
import type { SiteLinks } from '../site-links';
import {
  certificateText,
  digestText,
  noticeMail,
  privateMessageText,
  reminderText,
  summaryText,
  type NoticeContent,
} from './texts';

/**
 * Mail notices (docs/design.md §17). Each notice is a mail job queued under its own key (the
 * message and recipient, the invitation and day…), so the mail job sends it at most once however
 * often what queued it runs again; what decides who is told runs as a job too (a private message,
 * a reminder, the digest), surviving a restart. Each person's preferences are read when the mail
 * is written; every mail carries RFC 8058 headers and a link that stops its kind, signed with the
 * organisation's key (HMAC-SHA256 of the subject and the kind).
 */

const DAY_MS = 86_400_000;
/** Reminders of a pending invitation, days after it was mailed. */
export const REMINDER_DAYS = [3, 7] as const;
/** The digest is written at this hour (UTC) each day; a weekly one on Mondays. */
export const DIGEST_HOUR_UTC = 7;

export interface MessageNoticePayload {
  orgId: string;
  messageId: string;
}
export interface ReminderPayload {
  orgId: string;
  groupId: string;
  inviteId: string;
  email: string;
  days: number;
  locale: string;
}
export interface SummaryPayload {
  orgId: string;
  groupId: string;
  day: string;
  locale: string;
}
export interface DigestPayload {
  /** The day of the sweep (YYYY-MM-DD): its messages are those of the day (week) before 07:00. */
  day: string;
}

/** Who a notice goes to: the preferences' subject and the address. */
export interface NoticeRecipient {
  subject: string;
  email: string;
}

const fullName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

/** a***@example.com: enough to recognise one's address, not enough to learn someone's. */
const hiddenEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    /** The queued mailer: each mail a job, sent once under its key. */
    private readonly mailer: Mailer,
    private readonly links: SiteLinks,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  // --- The learner's preferences and unsubscribe links ---------------------------------------

  async mine(org: OrganisationRecord, userId: string): Promise<RouteAnswer<'myNotifications'>> {
    return { preferences: (await preferencesOf(this.db, org.id, userId)).preferences };
  }

  /** Changes what is sent; the notices are then written in `locale` (the profile's language). */
  async save(
    org: OrganisationRecord,
    userId: string,
    body: RouteBody<'saveNotifications'>,
    locale: string,
  ): Promise<RouteAnswer<'saveNotifications'>> {
    const { preferences } = await preferencesOf(this.db, org.id, userId);
    const next: NotificationPreferences = { ...preferences, ...body };
    const lang = org.settings.locales.includes(locale) ? locale : undefined;
    await savePreferences(this.db, org.id, userId, next, lang, this.iso());
    return { preferences: next };
  }

  /** What a link stops (nothing changes: mail scanners follow links). */
  async unsubscribeLink(
    org: OrganisationRecord,
    token: string,
  ): Promise<RouteAnswer<'unsubscribeLink'>> {
    const { subject, kind } = await this.readToken(org, token);
    const { preferences } = await preferencesOf(this.db, org.id, subject);
    return {
      unsubscribe: {
        kind,
        email: await this.addressOf(org, subject),
        stopped: kind === 'digest' ? preferences.digest === 'never' : !preferences[kind],
      },
    };
  }

  /** Stops what the link names: the kind off, or the digest never (idempotent). */
  async unsubscribe(org: OrganisationRecord, token: string): Promise<RouteAnswer<'unsubscribe'>> {
    const { subject, kind } = await this.readToken(org, token);
    const stored = await preferencesOf(this.db, org.id, subject);
    const next: NotificationPreferences =
      kind === 'digest'
        ? { ...stored.preferences, digest: 'never' }
        : { ...stored.preferences, [kind]: false };
    await savePreferences(this.db, org.id, subject, next, undefined, this.iso());
    this.log.info({ org: org.alias, kind }, 'a notice was unsubscribed by its link');
    return {
      unsubscribe: { kind, email: await this.addressOf(org, subject), stopped: true },
    };
  }

  private async addressOf(org: OrganisationRecord, subject: string): Promise<string> {
    if (subject.startsWith('email:')) return hiddenEmail(subject.slice('email:'.length));
    const user = await findUser(this.db, org.id, subject);
    return user ? hiddenEmail(user.email) : '';
  }

  private async signature(orgId: string, signed: string): Promise<Buffer> {
    const secret = await notificationSecret(this.db, orgId);
    return createHmac('sha256', secret).update(`${orgId}\u0000${signed}`).digest().subarray(0, 16);
  }

  /** `{kind and subject, base64url}.{HMAC-SHA256, first 128 bits}`: short enough for a path. */
  async token(orgId: string, subject: string, kind: UnsubscribeKind): Promise<string> {
    const signed = Buffer.from(`${UNSUBSCRIBE_KINDS.indexOf(kind)}${subject}`).toString(
      'base64url',
    );
    return `${signed}.${(await this.signature(orgId, signed)).toString('base64url')}`;
  }

  private async readToken(
    org: OrganisationRecord,
    token: string,
  ): Promise<{ subject: string; kind: UnsubscribeKind }> {
    const refused = () => notFound('unsubscribeLinkInvalid');
    const [signed = '', mac = ''] = token.split('.');
    const expected = await this.signature(org.id, signed);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
    const text = Buffer.from(signed, 'base64url').toString('utf8');
    const kind = UNSUBSCRIBE_KINDS[Number(text.slice(0, 1))];
    const subject = text.slice(1);
    if (!kind || !subject) throw refused();
    return { subject, kind };
  }

  // --- Sending ---------------------------------------------------------------------------------

  /**
   * Queues one notice, unless its kind is off for the recipient: written in their language (or
   * `hint`, or the organisation's first), under `key` (one mail per key, ever).
   */
  async send(
    org: OrganisationRecord,
    to: NoticeRecipient,
    kind: UnsubscribeKind,
    key: string,
    write: (locale: string, unsubscribe: { page: string; oneClick: string }) => Mail,
    options: {
      hint?: string;
      stored?: Map<string, { preferences: NotificationPreferences; locale: string | null }>;
    } = {},
  ): Promise<boolean> {
    const stored =
      options.stored?.get(to.subject) ??
      (options.stored ? undefined : await preferencesOf(this.db, org.id, to.subject));
    const preferences = stored?.preferences;
    if (preferences && (kind === 'digest' ? preferences.digest === 'never' : !preferences[kind]))
      return false;
    const wanted = stored?.locale ?? options.hint;
    const locale =
      wanted && org.settings.locales.includes(wanted)
        ? wanted
        : (org.settings.locales[0] ?? 'en-US');
    const token = await this.token(org.id, to.subject, kind);
    const mail = write(locale, {
      page: this.links.page(org, `/unsubscribe/${token}`),
      oneClick: this.links.page(org, `/api/org/${org.alias}/unsubscribe/${token}`),
    });
    await this.mailer.send({ ...mail, key: `notice:${key}` });
    return true;
  }

  private notice(
    org: OrganisationRecord,
    to: NoticeRecipient,
    kind: UnsubscribeKind,
    key: string,
    content: (locale: string) => NoticeContent,
    options: Parameters<NotificationService['send']>[5] = {},
  ): Promise<boolean> {
    return this.send(
      org,
      to,
      kind,
      key,
      (locale, unsubscribe) =>
        noticeMail(org.settings, locale, to.email, kind, content(locale), unsubscribe),
      options,
    );
  }

  /** The subject of whoever holds `email` in the organisation: their account, or the address. */
  async subjectOfEmail(org: OrganisationRecord, email: string): Promise<string> {
    const user = await findUserByEmail(this.db, org.id, email);
    return user ? user.id : emailSubject(email);
  }

  // --- What queues notices ---------------------------------------------------------------------

  /** After a private message is written: its notices, as a job (who is told is decided there). */
  async messagePosted(
    db: Executor,
    org: OrganisationRecord,
    message: { id: string; isPrivate: boolean },
  ): Promise<void> {
    if (!message.isPrivate) return;
    await this.jobs.enqueue(db, {
      kind: JOB_KINDS.messageNotice,
      orgId: org.id,
      payload: { orgId: org.id, messageId: message.id } satisfies MessageNoticePayload,
      idempotencyKey: `message-notice:${org.id}:${message.id}`,
    });
  }

  /** After an invitation was mailed: its reminders after 3 and 7 days, each once. */
  async invitationMailed(
    org: OrganisationRecord,
    invitation: { id: string; groupId: string; email: string },
    locale: string,
  ): Promise<void> {
    const at = this.now();
    for (const days of REMINDER_DAYS)
      await this.jobs.enqueue(this.db, {
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
  async certificateIssued(
    org: OrganisationRecord,
    certificate: { id: string; userId: string; topicName: LocalisedText; learnerName: string },
    hint: string,
  ): Promise<void> {
    const user = (await activeAccounts(this.db, org.id, [certificate.userId]))[0];
    if (!user) return;
    await this.notice(
      org,
      { subject: user.id, email: user.email },
      'certificate',
      `certificate:${certificate.id}`,
      (locale) =>
        certificateText(locale, {
          name: certificate.learnerName,
          topic: localise(certificate.topicName, locale),
          href: this.links.page(org, `/verify/${certificate.id}`),
        }),
      { hint },
    );
  }

  // --- The jobs --------------------------------------------------------------------------------

  jobKinds(): JobKind<never>[] {
    return [
      this.messageJob(),
      this.reminderJob(),
      this.summaryJob(),
      this.digestJob(),
    ] as unknown as JobKind<never>[];
  }

  private messageJob(): JobKind<MessageNoticePayload> {
    return {
      kind: JOB_KINDS.messageNotice,
      maxAttempts: 6,
      handle: async ({ orgId, messageId }) => {
        const org = await findOrganisationById(this.db, orgId);
        if (!org) return;
        const message = await messageById(this.db, org.id, messageId);
        if (!message || !message.is_private) return;
        const group = await findUserGroup(this.db, org.id, message.group_id);
        const author = await findUser(this.db, org.id, message.author_id);
        if (!group || !author) return;
        // The member wrote in their own thread: the group's administrators are told; an
        // administrator answered in a member's thread: that member is.
        const toAdmin = message.thread_id === message.author_id;
        const recipients: Recipient[] = toAdmin
          ? await groupAdministrators(this.db, org.id, group.id)
          : await activeAccounts(this.db, org.id, [message.thread_id]);
        for (const r of recipients) {
          if (r.id === author.id) continue;
          await this.notice(
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
                href: this.links.page(org, toAdmin ? `/group/${group.id}` : '/'),
              }),
          );
        }
      },
    };
  }

  private reminderJob(): JobKind<ReminderPayload> {
    return {
      kind: JOB_KINDS.invitationReminder,
      maxAttempts: 6,
      handle: async (p) => {
        const org = await findOrganisationById(this.db, p.orgId);
        if (!org) return;
        const [record] = await invitationsOfGroup(this.db, org.id, p.groupId, {
          inviteId: p.inviteId,
        });
        // Taken, revoked or addressed to someone else since: nothing to remind.
        if (!record || !isUnused(record) || record.revokedAt || record.emailKey !== p.email) return;
        const group = await findUserGroup(this.db, org.id, p.groupId);
        if (!group) return;
        const link = this.links.page(org, presentInvitation(record).link);
        await this.notice(
          org,
          { subject: await this.subjectOfEmail(org, p.email), email: p.email },
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
        const day = new Date(this.now()).toISOString().slice(0, 10);
        await this.jobs.enqueue(this.db, {
          kind: JOB_KINDS.reminderSummary,
          orgId: org.id,
          payload: { orgId: org.id, groupId: p.groupId, day, locale: p.locale },
          idempotencyKey: `reminder-summary:${org.id}:${p.groupId}:${day}`,
        });
      },
    };
  }

  /** To the cohort's administrators, once a day at most: who has still not accepted. */
  private summaryJob(): JobKind<SummaryPayload> {
    return {
      kind: JOB_KINDS.reminderSummary,
      maxAttempts: 6,
      handle: async (p) => {
        const org = await findOrganisationById(this.db, p.orgId);
        if (!org) return;
        const group = await findUserGroup(this.db, org.id, p.groupId);
        if (!group) return;
        const pending = (await invitationsOfGroup(this.db, org.id, p.groupId))
          .filter((i) => isUnused(i) && !i.revokedAt && i.emailKey)
          .map((i) => i.emailKey!)
          .sort();
        if (!pending.length) return;
        for (const admin of await groupAdministrators(this.db, org.id, p.groupId))
          await this.notice(
            org,
            { subject: admin.id, email: admin.email },
            'reminder',
            `reminder-summary:${p.groupId}:${p.day}:${admin.id}`,
            (locale) =>
              summaryText(locale, {
                group: localise(group.name, locale),
                pending,
                href: this.links.page(org, `/group/${group.id}`),
              }),
            { hint: p.locale },
          );
      },
    };
  }

  /** The next digest sweep, queued once whichever process asks (its key is its day). */
  async scheduleDigest(after = this.now()): Promise<void> {
    const at = new Date(after);
    const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), DIGEST_HOUR_UTC);
    const runAt = next > after ? next : next + DAY_MS;
    const day = new Date(runAt).toISOString().slice(0, 10);
    await this.jobs.enqueue(this.db, {
      kind: JOB_KINDS.digest,
      runAt,
      payload: { day } satisfies DigestPayload,
      idempotencyKey: `digest:${day}`,
    });
  }

  private digestJob(): JobKind<DigestPayload> {
    return {
      kind: JOB_KINDS.digest,
      maxAttempts: 6,
      handle: async ({ day }) => {
        await this.sweepDigest(day);
        await this.scheduleDigest(
          Date.parse(`${day}T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00:00Z`),
        );
      },
    };
  }

  /**
   * The digests of `day`: to each member with group messages they have not read, of the day
   * before (daily) or, on a Monday, of the week before (weekly); one mail per member and day.
   * Returns how many were queued.
   */
  async sweepDigest(day: string): Promise<number> {
    const to = Date.parse(`${day}T${String(DIGEST_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
    if (Number.isNaN(to)) return 0;
    const monday = new Date(to).getUTCDay() === 1;
    const dayFrom = new Date(to - DAY_MS).toISOString();
    const from = new Date(to - (monday ? 7 : 1) * DAY_MS).toISOString();
    const until = new Date(to).toISOString();
    let queued = 0;
    for (const orgId of await organisationsWithMessages(this.db, from, until)) {
      const org = await findOrganisationById(this.db, orgId);
      if (!org) continue;
      const lines = await unreadGroupMessages(this.db, org.id, from, until);
      const byMember = new Map<string, typeof lines>();
      for (const line of lines) {
        const list = byMember.get(line.member_id) ?? [];
        list.push(line);
        byMember.set(line.member_id, list);
      }
      const members = [...byMember.keys()];
      const stored = await preferencesOfMany(this.db, org.id, members);
      const authorIds = [...new Set(lines.map((l) => l.author_id))];
      const authors = new Map(
        (await accountNames(this.db, org.id, authorIds)).map((u) => [u.id, fullName(u)] as const),
      );
      const groupNames = new Map<string, string>();
      for (const groupId of new Set(lines.map((l) => l.group_id))) {
        const group = await findUserGroup(this.db, org.id, groupId);
        if (group)
          groupNames.set(groupId, localise(group.name, org.settings.locales[0] ?? 'en-US'));
      }
      for (let i = 0; i < members.length; i += 500) {
        const part = members.slice(i, i + 500);
        for (const member of await activeAccounts(this.db, org.id, part)) {
          const frequency = stored.get(member.id)?.preferences.digest ?? 'daily';
          if (frequency === 'never' || (frequency === 'weekly' && !monday)) continue;
          const mine = (byMember.get(member.id) ?? []).filter(
            (l) => frequency === 'weekly' || l.created_at >= dayFrom,
          );
          if (!mine.length) continue;
          const listed = mine.slice(0, 20).map((l) => {
            const text =
              [...l.body].length > 140 ? `${[...l.body].slice(0, 140).join('')}…` : l.body;
            return `${groupNames.get(l.group_id) ?? ''} · ${authors.get(l.author_id) ?? ''}: ${text}`;
          });
          const sent = await this.notice(
            org,
            { subject: member.id, email: member.email },
            'digest',
            `digest:${member.id}:${day}`,
            (locale) =>
              digestText(locale, {
                org: localise(org.settings.name, locale),
                weekly: frequency === 'weekly',
                lines: mine.length > 20 ? [...listed, `(+${mine.length - 20})`] : listed,
                href: this.links.page(org, '/'),
              }),
            { stored },
          );
          if (sent) queued++;
        }
      }
    }
    this.log.info({ day, queued }, 'digest of group messages queued');
    return queued;
  }

  private iso() {
    return new Date(this.now()).toISOString();
  }
}
