import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { JobRunner } from '../../jobs/runner';
import type { SiteLinks } from '../site-links';

/** What the notice use cases share (docs/design.md §17). */
export interface NotificationsContext {
  db: Db;
  jobs: JobRunner;
  /** The queued mailer: each mail a job, sent once under its key. */
  mailer: Mailer;
  links: SiteLinks;
  log: FastifyBaseLogger;
  now: () => number;
}

export const DAY_MS = 86_400_000;
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

export const fullName = (u: { first_name: string; last_name: string; username: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

export const iso = (ctx: NotificationsContext) => new Date(ctx.now()).toISOString();
