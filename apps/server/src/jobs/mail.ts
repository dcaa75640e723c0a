import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '../adapters/mail/mailer';
import type { Executor } from '../db/repositories/executor';
import { forgetMailDelivery, recordMailDelivery } from '../db/repositories/jobs';
import { JOB_KINDS } from './kinds';
import type { JobKind, JobRunner } from './runner';

export const MAIL_JOB = JOB_KINDS.mail;

/** A mail written when it was queued (the job's payload). */
export interface MailPayload {
  mail: Mail;
}

/**
 * Sends each mail at most once, under its key (the job's idempotency key): the delivery is
 * recorded (a unique key) in the same step that decides to send, before the mail server is
 * asked. A second run of the job (a retry after a lease ran out, another runner) finds it
 * recorded and sends nothing. A mail server that refuses the mail has not sent it: the record is
 * dropped and the job retried. A process that dies while sending leaves it recorded: in doubt, a
 * mail is lost rather than sent twice.
 */
export class MailDelivery {
  constructor(
    private readonly db: Executor,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /** Told of each mail the server took or refused (metrics). */
    private readonly onOutcome?: (outcome: 'sent' | 'failed') => void,
  ) {}

  /** True when this call sent it. */
  async sendOnce(key: string, mail: Mail): Promise<boolean> {
    if (!(await recordMailDelivery(this.db, key, new Date(this.now()).toISOString()))) {
      this.log.info({ key }, 'mail sent before (or cut short): not sent again');
      return false;
    }
    try {
      await this.mailer.send(mail);
    } catch (err) {
      this.onOutcome?.('failed');
      await forgetMailDelivery(this.db, key);
      throw err;
    }
    this.onOutcome?.('sent');
    return true;
  }
}

/** The job that sends a mail written when it was queued. */
export const mailJob = (delivery: MailDelivery): JobKind<MailPayload> => ({
  kind: MAIL_JOB,
  maxAttempts: 6,
  // A mail may carry a sign-in or reset link: its text is not kept once the job is over.
  forgetsPayload: true,
  async handle(payload, { job }) {
    await delivery.sendOnce(job.idempotencyKey ?? job.id, payload.mail);
  },
});

/**
 * The mailer the use cases are given: `send` queues a mail job (sent at most once, under the
 * mail's key when it has one; retried with backoff when the mail server refuses it) and returns
 * once the job is stored, so that a slow mail server holds up no request.
 */
export class QueuedMailer implements Mailer {
  constructor(
    private readonly runner: JobRunner,
    private readonly db: Executor,
  ) {}

  async send(mail: Mail): Promise<void> {
    const { key, ...message } = mail;
    await this.runner.enqueue<MailPayload>(this.db, {
      kind: MAIL_JOB,
      payload: { mail: message },
      ...(key !== undefined && { idempotencyKey: `mail:${key}` }),
    });
  }
}
