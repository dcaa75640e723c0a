import { localise, readableTextOn, type OrganisationSettings } from '@portal/domain';
import type { Mail } from '../adapters/mail/mailer';

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The frame every mail shares: the organisation's background, a white card headed by its name
 * in its primary colour, and `body` (HTML, already escaped) inside.
 */
export function brandedHtml(org: OrganisationSettings, locale: string, body: string): string {
  const primary = org.theme.primaryColor;
  return `<!doctype html><html lang="${locale}"><body style="margin:0;background:${org.theme.secondaryBackgroundColor};font-family:Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px">
<tr><td style="background:${primary};color:${readableTextOn(primary)};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escape(localise(org.name, locale))}</td></tr>
<tr><td style="padding:24px;color:#1f2933;font-size:16px;line-height:1.5">
${body}
</td></tr></table></td></tr></table></body></html>`;
}

/** A link drawn as a button in the organisation's primary colour. */
export function button(org: OrganisationSettings, href: string, label: string): string {
  const primary = org.theme.primaryColor;
  return `<p><a href="${escape(href)}" style="display:inline-block;background:${primary};color:${readableTextOn(primary)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(label)}</a></p>`;
}

const resetText = {
  'en-US': {
    subject: (org: string) => `Reset your ${org} password`,
    greeting: (name: string) => `Hello ${name},`,
    body: 'Someone asked to reset the password of your account. Follow this link to choose a new one. It works once, for one hour.',
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
  'fr-CA': {
    subject: (org: string) => `Réinitialisez votre mot de passe ${org}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte. Suivez ce lien pour en choisir un nouveau. Il fonctionne une seule fois, pendant une heure.',
    button: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.',
  },
} as const;

/** The password-reset mail, in the learner's locale, with the organisation's name and colours. */
export function passwordResetMail(
  org: OrganisationSettings,
  locale: string,
  to: { email: string; name: string },
  link: string,
): Mail {
  return oneLinkMail(
    org,
    locale,
    to,
    link,
    locale === 'fr-CA' ? resetText['fr-CA'] : resetText['en-US'],
  );
}

/** The words of a mail that carries one link to follow (a reset, a confirmation). */
export interface OneLinkText {
  subject: (org: string) => string;
  greeting: (name: string) => string;
  body: string;
  button: string;
  ignore: string;
}

/** A mail whose point is one link: greeting, body, the link as a button, what to do if unasked. */
export function oneLinkMail(
  org: OrganisationSettings,
  locale: string,
  to: { email: string; name: string },
  link: string,
  t: OneLinkText,
): Mail {
  return oneLinkMailIn(org, [{ locale, t }], to, link);
}

/**
 * The same mail in several languages, one after the other in one document (for someone who has
 * not chosen a language yet, as an organisation's first administrator): the first is the
 * document's language, each other part says its own.
 */
export function oneLinkMailIn(
  org: OrganisationSettings,
  parts: { locale: string; t: OneLinkText }[],
  to: { email: string; name: string },
  link: string,
): Mail {
  const first = parts[0]!;
  const orgName = localise(org.name, first.locale);
  const bodies = parts.map(({ locale, t }, i) => {
    const body = `<p>${escape(t.greeting(to.name))}</p><p>${escape(t.body)}</p>
${button(org, link, t.button)}
<p style="font-size:14px;color:#52606d">${escape(t.ignore)}</p>`;
    return i === 0 ? body : `<div lang="${locale}">${body}</div>`;
  });
  const html = brandedHtml(
    org,
    first.locale,
    `${bodies.join('<hr style="border:0;border-top:1px solid #d9e2ec;margin:24px 0">')}
<p style="font-size:12px;color:#52606d;word-break:break-all">${escape(link)}</p>`,
  );
  const text = `${parts
    .map(({ t }) => `${t.greeting(to.name)}\n\n${t.body}\n\n${link}\n\n${t.ignore}`)
    .join('\n\n---\n\n')}\n\n${orgName}\n`;
  const subject = parts.map(({ locale, t }) => t.subject(localise(org.name, locale))).join(' / ');
  return { to: to.email, subject, text, html, fromName: orgName };
}

const inviteText = {
  'en-US': {
    subject: (org: string, bundle: string) => `You are invited to ${bundle} on ${org}`,
    body: (from: string, bundle: string) =>
      `${from} has a seat for you in ${bundle}. Follow this link to join; it works once.`,
    button: 'Accept the invitation',
  },
  'fr-CA': {
    subject: (org: string, bundle: string) => `Vous êtes invité à ${bundle} sur ${org}`,
    body: (from: string, bundle: string) =>
      `${from} vous offre une place dans ${bundle}. Suivez ce lien pour vous joindre; il ne fonctionne qu’une fois.`,
    button: 'Accepter l’invitation',
  },
} as const;

/** A seat invitation, in the sender's locale. */
export function inviteMail(
  org: OrganisationSettings,
  locale: string,
  to: string,
  invite: { from: string; bundleName: string },
  link: string,
): Mail {
  const t = locale === 'fr-CA' ? inviteText['fr-CA'] : inviteText['en-US'];
  const orgName = localise(org.name, locale);
  const body = t.body(invite.from, invite.bundleName);
  const html = brandedHtml(
    org,
    locale,
    `<p>${escape(body)}</p>
${button(org, link, t.button)}
<p style="font-size:12px;color:#52606d;word-break:break-all">${escape(link)}</p>`,
  );
  const text = `${body}\n\n${link}\n\n${orgName}\n`;
  return {
    to,
    subject: t.subject(orgName, invite.bundleName),
    text,
    html,
    fromName: orgName,
  };
}

const emailChangeText = {
  'en-US': {
    subject: (org: string) => `Confirm your new ${org} email`,
    greeting: (name: string) => `Hello ${name},`,
    body: 'You asked to use this address for your account. Follow this link to confirm it. It works once, for 24 hours.',
    button: 'Confirm this email',
    ignore: 'If you did not ask for this, ignore this email: your account keeps its address.',
  },
  'fr-CA': {
    subject: (org: string) => `Confirmez votre nouveau courriel ${org}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: 'Vous avez demandé à utiliser cette adresse pour votre compte. Suivez ce lien pour la confirmer. Il fonctionne une seule fois, pendant 24\u00a0heures.',
    button: 'Confirmer ce courriel',
    ignore: 'Si vous n’avez rien demandé, ignorez ce courriel : votre compte garde son adresse.',
  },
} as const;

/** The link that confirms a new email, mailed to the new address, in the learner's locale. */
export function emailChangeMail(
  org: OrganisationSettings,
  locale: string,
  to: { email: string; name: string },
  link: string,
): Mail {
  const t = locale === 'fr-CA' ? emailChangeText['fr-CA'] : emailChangeText['en-US'];
  return oneLinkMail(org, locale, to, link, t);
}

const emailNoticeText = {
  'en-US': {
    subject: (org: string) => `A change of your ${org} email was asked for`,
    greeting: (name: string) => `Hello ${name},`,
    body: (next: string) =>
      `Someone signed in to your account asked to change its email to ${next}. The address changes only once the link sent there is followed.`,
    warn: 'If this was not you, change your password now: your account keeps this address until then.',
  },
  'fr-CA': {
    subject: (org: string) => `Un changement de votre courriel ${org} a été demandé`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: (next: string) =>
      `Une personne connectée à votre compte a demandé de changer son courriel pour ${next}. L’adresse ne change qu’une fois suivi le lien envoyé à cette adresse.`,
    warn: 'Si ce n’était pas vous, changez votre mot de passe maintenant : votre compte garde cette adresse d’ici là.',
  },
} as const;

/** The notice to the current address that a change of email was asked for. */
export function emailChangeNoticeMail(
  org: OrganisationSettings,
  locale: string,
  to: { email: string; name: string },
  newEmail: string,
): Mail {
  const t = locale === 'fr-CA' ? emailNoticeText['fr-CA'] : emailNoticeText['en-US'];
  const orgName = localise(org.name, locale);
  const html = brandedHtml(
    org,
    locale,
    `<p>${escape(t.greeting(to.name))}</p><p>${escape(t.body(newEmail))}</p>
<p>${escape(t.warn)}</p>`,
  );
  const text = `${t.greeting(to.name)}\n\n${t.body(newEmail)}\n\n${t.warn}\n\n${orgName}\n`;
  return { to: to.email, subject: t.subject(orgName), text, html, fromName: orgName };
}
