import fs from 'node:fs';
import path from 'node:path';

/** A mail as the run's SMTP server received it (see ../../global-setup.ts). */
export interface ReceivedMail {
  from: string;
  to: string[];
  receivedAt: string;
  raw: string;
}

function mailDir(): string {
  const dir = process.env.PORTAL_E2E_MAIL_DIR;
  if (!dir) throw new Error('PORTAL_E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

function readMails(): ReceivedMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}

/** Every mail to `to` received so far, oldest first (addresses compare case-insensitively). */
export function mailsTo(to: string): ReceivedMail[] {
  const address = to.toLowerCase();
  return readMails().filter((m) => m.to.includes(address));
}

/** Waits for the first mail to `to` (addresses compare case-insensitively). */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const address = to.toLowerCase();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = readMails().find((m) => m.to.includes(address));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The mail's text with quoted-printable soft breaks and escapes undone. */
export function decodedText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The reset link of a password-reset mail, as a path of the site. */
export function resetLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\/resetPassword\/[^/\s"<>]+\/[A-Za-z0-9_-]+/.exec(
    decodedText(mail),
  );
  if (!match) throw new Error('the mail has no reset link');
  return new URL(match[0]);
}

/** The link of a seat invitation mail (to sign up, or to log in with it), as a URL. */
export function inviteLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\/sign(?:up|in)\?[^\s"<>]*inviteId=[\w-]+/.exec(
    decodedText(mail).replace(/&amp;/g, '&'),
  );
  if (!match) throw new Error('the mail has no invitation link');
  return new URL(match[0]);
}
