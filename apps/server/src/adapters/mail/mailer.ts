import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  fromName: string;
  /**
   * Extra headers: a notice's RFC 8058 one-click unsubscribe (`List-Unsubscribe`,
   * `List-Unsubscribe-Post`).
   */
  headers?: Record<string, string>;
  /** Sent once per key when the mail is queued (jobs/mail.ts); each queued mail is its own else. */
  key?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes what it holds open (the SMTP pool's connections), when the app closes. */
  close?(): void;
}

const FROM_ADDRESS = 'no-reply@portal.invalid';

/** Mail through any SMTP server (`SMTP_URL`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // Pooled: a few connections kept open and reused (a burst of notices does not open one per
    // mail); `?pool=false` in SMTP_URL turns it off.
    const pooled = new URL(url);
    if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
    this.transport = nodemailer.createTransport(pooled.toString());
  }
  close(): void {
    this.transport.close();
  }
  async send(mail: Mail): Promise<void> {
    const { key: _key, ...message } = mail;
    const info = await this.transport.sendMail({
      from: { name: mail.fromName, address: FROM_ADDRESS },
      ...message,
    });
    // Subject and recipient only: the body may hold a sign-in or reset link.
    this.log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
  }
}

/** Without SMTP: each mail is written to `<DATA_DIR>/outbox/*.eml` and noted in the log. */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  private written = 0;
  constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(mail: Mail): Promise<void> {
    const { key: _key, ...message } = mail;
    const info = await this.transport.sendMail({
      from: { name: mail.fromName, address: FROM_ADDRESS },
      ...message,
    });
    // Named by time then by order of writing, so names sort as the mails were written.
    const order = String(++this.written).padStart(8, '0');
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${order}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    // Written aside then renamed, so a reader of the outbox never sees half a mail.
    // The folder is made when a mail finds it missing (not asked for before every mail).
    await fs.writeFile(`${file}.part`, info.message as Buffer).catch(async (err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(`${file}.part`, info.message as Buffer);
    });
    await fs.rename(`${file}.part`, file);
    this.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
  }
}
