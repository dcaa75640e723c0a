import { randomBytes } from 'node:crypto';
import type { Mail } from '../../adapters/mail/mailer';
import { insertPasswordReset } from '../../db/repositories/accounts';
import type { Executor } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { oneLinkMail, type OneLinkText } from '../mail-templates';
import type { SiteLinks } from '../site-links';
import { newToken } from '../tokens';

/**
 * The mail that invites a person the console added (one by one or by import): a link to choose
 * a password, valid a week, as `npm run portal -- org create` sends the first administrator.
 */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const text: Record<'en-US' | 'fr-CA', OneLinkText> = {
  'en-US': {
    subject: (org) => `You are invited to ${org}: choose your password`,
    greeting: (name) => `Hello ${name},`,
    body: 'An administrator made you an account on the learning portal. Follow this link to choose your password and sign in. The link works once, for seven days.',
    button: 'Choose my password',
    ignore:
      'If you did not expect this, ignore this email: nobody can use the account without this link.',
  },
  'fr-CA': {
    subject: (org) => `Vous êtes invité à ${org} : choisissez votre mot de passe`,
    greeting: (name) => `Bonjour ${name},`,
    body: 'Un administrateur vous a créé un compte sur le portail d’apprentissage. Suivez ce lien pour choisir votre mot de passe et vous connecter. Le lien fonctionne une seule fois, pendant sept jours.',
    button: 'Choisir mon mot de passe',
    ignore:
      'Si vous n’attendiez pas ce courriel, ignorez-le : personne ne peut utiliser le compte sans ce lien.',
  },
};

export interface InvitationReset {
  tokenHash: string;
  userId: string;
  orgId: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * A new invitation link for the account (its reset, to be stored) and the mail carrying it, in
 * both of the organisation's languages (the person has not chosen one).
 */
export function invitation(
  org: OrganisationRecord,
  person: { id: string; email: string; name: string },
  links: SiteLinks,
  at: Date,
): { reset: InvitationReset; mail: Mail } {
  const { token, hash } = newToken();
  const reset = {
    tokenHash: hash,
    userId: person.id,
    orgId: org.id,
    createdAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
  };
  const link = links.page(org, `/resetPassword/${encodeURIComponent(person.email)}/${token}`);
  const to = { email: person.email, name: person.name };
  const [english, french] = (['en-US', 'fr-CA'] as const).map((locale) =>
    oneLinkMail(org.settings, locale, to, link, text[locale]),
  ) as [Mail, Mail];
  return {
    reset,
    mail: {
      ...english,
      subject: `${english.subject} / ${french.subject}`,
      text: `${english.text}\n\n---\n\n${french.text}`,
      html: `${english.html}<hr>${french.html}`,
    },
  };
}

/** Stores a new invitation link for the account (in `db`, the caller's transaction); its mail. */
export async function invitationMail(
  db: Executor,
  org: OrganisationRecord,
  person: { id: string; email: string; name: string },
  links: SiteLinks,
  at: Date,
): Promise<Mail> {
  const { reset, mail } = invitation(org, person, links, at);
  await insertPasswordReset(db, reset);
  return mail;
}

/** A username made from the email's local part, not in `taken` (lower-case keys); added to it. */
export function freeUsername(email: string, taken: Set<string>): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 34);
  const base = local.length >= 3 ? local : `user-${local}`.slice(0, 34);
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1)
    name = n <= 5 ? `${base}-${n}` : `${base}-${randomBytes(3).toString('hex')}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The candidates `freeUsername` may pick for this email (to learn which are taken at once). */
export function usernameCandidates(email: string, count = 5): string[] {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 34);
  const base = (local.length >= 3 ? local : `user-${local}`.slice(0, 34)).toLowerCase();
  return [base, ...Array.from({ length: count - 1 }, (_, i) => `${base}-${i + 2}`)];
}
