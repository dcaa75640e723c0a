import { CONTENT_PACK_FORMAT, type ContentPackInput, type PackProblem } from '@portal/domain';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import { findUserByEmail, insertPasswordReset } from '../../db/repositories/accounts';
import { findOrganisation } from '../../db/repositories/organisations';
import { importContentPack } from '../content-pack-service';
import { oneLinkMailIn, type OneLinkText } from '../mail-templates';
import type { SiteLinks } from '../site-links';
import { newToken } from '../tokens';

/** How long the first administrator's invitation works: a week. */
const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

const invitationText: Record<'en-US' | 'fr-CA', OneLinkText> = {
  'en-US': {
    subject: (org) => `You administer ${org}: choose your password`,
    greeting: (name) => `Hello ${name},`,
    body: 'An organisation was made for you on the learning portal, and you are its first administrator. Follow this link to choose your password, then open the console from the account menu to set it up. The link works once, for seven days.',
    button: 'Choose my password',
    ignore:
      'If you did not expect this, ignore this email: nobody can use the account without this link.',
  },
  'fr-CA': {
    subject: (org) => `Vous administrez ${org} : choisissez votre mot de passe`,
    greeting: (name) => `Bonjour ${name},`,
    body: 'Une organisation a été créée pour vous sur le portail d’apprentissage, et vous en êtes le premier administrateur. Suivez ce lien pour choisir votre mot de passe, puis ouvrez la console depuis le menu du compte pour la configurer. Le lien fonctionne une seule fois, pendant sept jours.',
    button: 'Choisir mon mot de passe',
    ignore:
      'Si vous n’attendiez pas ce courriel, ignorez-le : personne ne peut utiliser le compte sans ce lien.',
  },
};

export interface NewOrganisation {
  alias: string;
  host: string;
  adminEmail: string;
}

/** The first administrator's username: the email's local part, made to fit the username rule. */
function usernameOf(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40);
  return local.length >= 3 ? local : `admin-${local}`.slice(0, 40);
}

/**
 * A starter organisation (docs/design.md §15): the alias, one host, both locales, a neutral
 * readable theme, a home page to replace, and one account, the first administrator, whose
 * password nobody knows (a random one, never shown) until they choose theirs through the
 * invitation.
 */
export function starterPack({ alias, host, adminEmail }: NewOrganisation): ContentPackInput {
  const name = alias.charAt(0).toUpperCase() + alias.slice(1);
  return {
    format: CONTENT_PACK_FORMAT,
    organisation: {
      alias,
      name: { 'en-US': name, 'fr-CA': name },
      hosts: [host],
      locales: ['en-US', 'fr-CA'],
      theme: {
        primaryColor: '#1f4e8c',
        secondaryColor: '#8a4b00',
        tertiaryColor: '#2e6b30',
        primaryBackgroundColor: '#ffffff',
        secondaryBackgroundColor: '#f4f6fa',
        tertiaryBackgroundColor: '#e8eef7',
      },
      supportEmail: adminEmail,
      homePage: {
        title: { 'en-US': `Welcome to ${name}`, 'fr-CA': `Bienvenue chez ${name}` },
        subtitle: {
          'en-US': 'Topics will appear here once they are published.',
          'fr-CA': 'Les sujets paraîtront ici une fois publiés.',
        },
        promos: [],
        showSiteMap: true,
      },
      disableSelfSignup: true,
    },
    users: [
      {
        username: usernameOf(adminEmail),
        email: adminEmail,
        password: newToken().token,
        roles: ['admin'],
        groups: [],
      },
    ],
  };
}

export type CreateOrganisationResult =
  | { ok: true; organisationId: string; adminEmail: string; mailed: boolean; mailError?: string }
  | { ok: false; problems: PackProblem[] };

/**
 * `npm run portal -- org create <alias> --host <host> --admin <email>`: makes the starter
 * organisation (through the pack import, so the audit log has it as the system's `pack.import`)
 * and mails its first administrator a link to choose a password, valid a week. An alias already
 * in use is refused, as is a host another organisation holds: nothing is written then.
 */
export async function createOrganisation(
  db: Db,
  request: NewOrganisation,
  deps: { links: SiteLinks; mailer: Mailer; now?: () => Date },
): Promise<CreateOrganisationResult> {
  if (await findOrganisation(db, request.alias))
    return {
      ok: false,
      problems: [
        { path: 'organisation.alias', message: `"${request.alias}" is already an organisation` },
      ],
    };
  const imported = await importContentPack(db, starterPack(request));
  if (!imported.ok) return imported;
  const org = (await findOrganisation(db, request.alias))!;
  const admin = (await findUserByEmail(db, org.id, request.adminEmail))!;
  const { token, hash } = newToken();
  const stamp = (deps.now ?? (() => new Date()))().getTime();
  await insertPasswordReset(db, {
    tokenHash: hash,
    userId: admin.id,
    orgId: org.id,
    createdAt: new Date(stamp).toISOString(),
    expiresAt: new Date(stamp + INVITATION_TTL_MS).toISOString(),
  });
  const link = deps.links.page(org, `/resetPassword/${encodeURIComponent(admin.email)}/${token}`);
  // One mail in both languages: the administrator has not chosen one yet.
  const both = oneLinkMailIn(
    org.settings,
    (['en-US', 'fr-CA'] as const).map((locale) => ({ locale, t: invitationText[locale] })),
    { email: admin.email, name: admin.username },
    link,
  );
  try {
    await deps.mailer.send(both);
    return { ok: true, organisationId: org.id, adminEmail: admin.email, mailed: true };
  } catch (err) {
    return {
      ok: true,
      organisationId: org.id,
      adminEmail: admin.email,
      mailed: false,
      mailError: err instanceof Error ? err.message : String(err),
    };
  }
}
