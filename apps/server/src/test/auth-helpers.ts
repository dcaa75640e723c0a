import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

let counter = 0;

/** A fresh learner's signup body. */
export function newLearner(prefix = 'learner') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return {
    username: id,
    email: `${id}@example.com`,
    password: 'correct-horse-1',
    first: 'Ada',
    last: 'Lovelace',
  };
}

export async function signup(
  app: FastifyInstance,
  org: string,
  body: Record<string, unknown> = newLearner(),
) {
  // Each signup comes from its own address, so the per-address signup limit is not what is tested.
  const res = await app.inject({
    method: 'POST',
    url: `/api/org/${org}/signup`,
    payload: body,
    // Each sign-up from its own address, as many learners would: the per-address limit holds.
    remoteAddress: `10.200.${counter % 250}.${(counter >> 8) % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { token: res.json<{ token: string }>().token, body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest .eml in an outbox folder, as text. */
/**
 * The newest mail of the outbox, or with `to` the newest that names that address: a mail written
 * later to someone else (a receipt sent after the answer) never hides the one a test waits for.
 */
export function newestOutboxMail(outboxDir: string, to?: string): string | undefined {
  if (!fs.existsSync(outboxDir)) return undefined;
  const files = fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = fs.readFileSync(path.join(outboxDir, file), 'utf8');
    if (!to || mail.toLowerCase().includes(to.toLowerCase())) return mail;
  }
  return undefined;
}

/** The reset link of a mail: /resetPassword/{email}/{token}, undoing quoted-printable soft breaks. */
export function resetLinkIn(mail: string): { email: string; token: string } | undefined {
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/resetPassword\/([^/\s"<]+)\/([A-Za-z0-9_-]+)/.exec(text);
  return match ? { email: decodeURIComponent(match[1]!), token: match[2]! } : undefined;
}

export { waitFor } from './wait';
