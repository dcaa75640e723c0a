import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail a test's SMTP server received: its envelope and its raw text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:{port}`, for the app's SMTP_URL. */
  url: string;
  /** Every mail received, in order. */
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free loopback port that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
