import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { JobKind, JobRunner } from '../../jobs/runner';
import type { SiteLinks } from '../site-links';
import type { UseCaseArgs } from '../use-cases';
import type { NotificationsContext } from './context';
import { digestJob, scheduleDigest, sweepDigest } from './digest';
import { messageJob, reminderJob, summaryJob } from './jobs';
import { mine, save, unsubscribe, unsubscribeLink, unsubscribeToken } from './preferences';
import { send, subjectOfEmail } from './sending';
import { certificateIssued, invitationMailed, messagePosted } from './triggers';

export { DIGEST_HOUR_UTC, REMINDER_DAYS, type NoticeRecipient } from './context';

/**
 * Mail notices (docs/design.md §17). Each notice is a mail job queued under its own key (the
 * message and recipient, the invitation and day…), so the mail job sends it at most once however
 * often what queued it runs again; what decides who is told runs as a job too (a private message,
 * a reminder, the digest), surviving a restart. Each person's preferences are read when the mail
 * is written; every mail carries RFC 8058 headers and a link that stops its kind, signed with the
 * organisation's key. One use case per module: preferences.ts, sending.ts, triggers.ts, jobs.ts,
 * digest.ts.
 */
export class NotificationService {
  private readonly ctx: NotificationsContext;

  constructor(
    db: Db,
    jobs: JobRunner,
    mailer: Mailer,
    links: SiteLinks,
    log: FastifyBaseLogger,
    now: () => number = Date.now,
  ) {
    this.ctx = { db, jobs, mailer, links, log, now };
  }

  mine(...args: UseCaseArgs<typeof mine>) {
    return mine(this.ctx, ...args);
  }
  save(...args: UseCaseArgs<typeof save>) {
    return save(this.ctx, ...args);
  }
  unsubscribeLink(...args: UseCaseArgs<typeof unsubscribeLink>) {
    return unsubscribeLink(this.ctx, ...args);
  }
  unsubscribe(...args: UseCaseArgs<typeof unsubscribe>) {
    return unsubscribe(this.ctx, ...args);
  }
  /** The token of a subject's unsubscribe link for a kind (tests make links with it). */
  token(...args: UseCaseArgs<typeof unsubscribeToken>) {
    return unsubscribeToken(this.ctx, ...args);
  }
  send(...args: UseCaseArgs<typeof send>) {
    return send(this.ctx, ...args);
  }
  subjectOfEmail(...args: UseCaseArgs<typeof subjectOfEmail>) {
    return subjectOfEmail(this.ctx, ...args);
  }
  messagePosted(...args: UseCaseArgs<typeof messagePosted>) {
    return messagePosted(this.ctx, ...args);
  }
  invitationMailed(...args: UseCaseArgs<typeof invitationMailed>) {
    return invitationMailed(this.ctx, ...args);
  }
  certificateIssued(...args: UseCaseArgs<typeof certificateIssued>) {
    return certificateIssued(this.ctx, ...args);
  }
  scheduleDigest(...args: UseCaseArgs<typeof scheduleDigest>) {
    return scheduleDigest(this.ctx, ...args);
  }
  sweepDigest(...args: UseCaseArgs<typeof sweepDigest>) {
    return sweepDigest(this.ctx, ...args);
  }

  /** The notices' jobs, registered on the app's runner (jobs/index.ts). */
  jobKinds(): JobKind<never>[] {
    return [
      messageJob(this.ctx),
      reminderJob(this.ctx),
      summaryJob(this.ctx),
      digestJob(this.ctx),
    ] as unknown as JobKind<never>[];
  }
}
