import { readableTextOn, type OrganisationSettings, localise } from '@portal/domain';
import type { Mail } from '../adapters/mail/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const t = locale === 'fr-CA' ? resetText['fr-CA'] : resetText['en-US'];
  const orgName = localise(org.name, locale);
  const primary = org.theme.primaryColor;
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:${org.theme.secondaryBackgroundColor};font-family:Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px">
<tr><td style="background:${primary};color:${readableTextOn(primary)};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escape(orgName)}</td></tr>
<tr><td style="padding:24px;color:#1f2933;font-size:16px;line-height:1.5">
<p>${escape(t.greeting(to.name))}</p><p>${escape(t.body)}</p>
<p><a href="${escape(link)}" style="display:inline-block;background:${primary};color:${readableTextOn(primary)};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(t.button)}</a></p>
<p style="font-size:14px;color:#52606d">${escape(t.ignore)}</p>
<p style="font-size:12px;color:#52606d;word-break:break-all">${escape(link)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = `${t.greeting(to.name)}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n\n${orgName}\n`;
  return { to: to.email, subject: t.subject(orgName), text, html, fromName: orgName };
}
