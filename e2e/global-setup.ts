import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the run (issue 3: mail by real SMTP): the portal sends to it through
 * SMTP_URL, and every mail it receives is written as JSON into PORTAL_E2E_MAIL_DIR, where the
 * tests read it (support/mail.ts). Returns the teardown that stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.PORTAL_E2E_SMTP_PORT);
  const dir = process.env.PORTAL_E2E_MAIL_DIR;
  if (!port || !dir) throw new Error('playwright.config.ts sets the SMTP port and mail folder');
  fs.mkdirSync(dir, { recursive: true });

  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const name = `${Date.now()}-${process.pid}-${count++}.json`;
        // Written whole, then renamed: a reader never sees half a mail.
        fs.writeFileSync(path.join(dir, `${name}.part`), JSON.stringify(mail));
        fs.renameSync(path.join(dir, `${name}.part`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
