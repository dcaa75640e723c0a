import { localise, type OrganisationSettings, type UnsubscribeKind } from '@portal/domain';
import type { Mail } from '../../adapters/mail/mailer';
import { brandedHtml, button, escape } from '../mail-templates';

/**
 * The words of the notices (docs/design.md §17), in en-US and fr-CA, and the one frame they share:
 * the organisation's name and colours, the paragraphs, a button, and at the foot why the mail
 * came and the link that stops that kind.
 */

type Lang = 'en-US' | 'fr-CA';
const lang = (locale: string): Lang => (locale === 'fr-CA' ? 'fr-CA' : 'en-US');

/** What each kind is called at the foot of its mail and on the unsubscribe page. */
const KIND_FOOT: Record<Lang, Record<UnsubscribeKind, string>> = {
  'en-US': {
    privateMessage: 'You get this email because private messages are on in your notices.',
    invitation: 'You get this email because someone invited you.',
    reminder: 'You get this email because an invitation to you is still waiting.',
    certificate: 'You get this email because certificate notices are on in your notices.',
    digest: 'You get this email because the digest of group messages is on in your notices.',
  },
  'fr-CA': {
    privateMessage:
      'Vous recevez ce courriel parce que les avis de messages privés sont activés dans vos avis.',
    invitation: 'Vous recevez ce courriel parce que quelqu’un vous a invité.',
    reminder:
      'Vous recevez ce courriel parce qu’une invitation qui vous est adressée attend encore.',
    certificate:
      'Vous recevez ce courriel parce que les avis de certificat sont activés dans vos avis.',
    digest:
      'Vous recevez ce courriel parce que le résumé des messages de groupe est activé dans vos avis.',
  },
};

const STOP: Record<Lang, string> = {
  'en-US': 'Stop these emails',
  'fr-CA': 'Ne plus recevoir ces courriels',
};

export interface NoticeContent {
  subject: string;
  paragraphs: string[];
  /** Quoted text (a message), shown apart. */
  quote?: string;
  /** Lines of a list (a digest's messages, a summary's addresses). */
  list?: string[];
  action?: { label: string; href: string };
}

/** A notice as a mail: plain text and HTML, with its unsubscribe link at the foot. */
export function noticeMail(
  org: OrganisationSettings,
  locale: string,
  to: string,
  kind: UnsubscribeKind,
  content: NoticeContent,
  unsubscribe: { page: string; oneClick: string },
): Mail {
  const l = lang(locale);
  const orgName = localise(org.name, locale);
  const foot = KIND_FOOT[l][kind];
  const html = brandedHtml(
    org,
    locale,
    `${content.paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${content.quote ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid ${org.theme.primaryColor};color:#1f2933;white-space:pre-wrap">${escape(content.quote)}</blockquote>` : ''}
${content.list?.length ? `<ul>${content.list.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` : ''}
${content.action ? button(org, content.action.href, content.action.label) : ''}
<p style="font-size:12px;color:#52606d">${escape(foot)} <a href="${escape(unsubscribe.page)}" style="color:#1f2933">${escape(STOP[l])}</a></p>`,
  );
  const text = [
    ...content.paragraphs,
    ...(content.quote ? [content.quote.replace(/^/gm, '> ')] : []),
    ...(content.list?.length ? [content.list.map((line) => `- ${line}`).join('\n')] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.href}`] : []),
    `--\n${foot}\n${STOP[l]}: ${unsubscribe.page}`,
    orgName,
  ].join('\n\n');
  return {
    to,
    subject: content.subject,
    text: `${text}\n`,
    html,
    fromName: orgName,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const excerpt = (body: string) =>
  [...body].length > 600 ? `${[...body].slice(0, 600).join('')}…` : body;

export const privateMessageText = (
  locale: string,
  args: {
    org: string;
    group: string;
    author: string;
    body: string;
    toAdmin: boolean;
    href: string;
  },
): NoticeContent =>
  lang(locale) === 'fr-CA'
    ? {
        subject: args.toAdmin
          ? `Message privé de ${args.author} dans ${args.group}`
          : `${args.author} vous a répondu dans ${args.group}`,
        paragraphs: [
          args.toAdmin
            ? `${args.author} a écrit un message privé aux administrateurs de ${args.group} :`
            : `${args.author} vous a écrit un message privé dans ${args.group} :`,
        ],
        quote: excerpt(args.body),
        action: { label: 'Lire le message', href: args.href },
      }
    : {
        subject: args.toAdmin
          ? `Private message from ${args.author} in ${args.group}`
          : `${args.author} answered you in ${args.group}`,
        paragraphs: [
          args.toAdmin
            ? `${args.author} wrote a private message to the administrators of ${args.group}:`
            : `${args.author} wrote you a private message in ${args.group}:`,
        ],
        quote: excerpt(args.body),
        action: { label: 'Read the message', href: args.href },
      };

export const reminderText = (
  locale: string,
  args: { org: string; group: string; days: number; href: string },
): NoticeContent =>
  lang(locale) === 'fr-CA'
    ? {
        subject: `Rappel : votre place dans ${args.group} vous attend`,
        paragraphs: [
          `Vous avez été invité à ${args.group} sur ${args.org} il y a ${args.days}\u00a0jours, et votre place vous attend encore. Suivez ce lien pour vous joindre; il ne fonctionne qu’une fois.`,
        ],
        action: { label: 'Accepter l’invitation', href: args.href },
      }
    : {
        subject: `Reminder: your seat in ${args.group} is waiting`,
        paragraphs: [
          `You were invited to ${args.group} on ${args.org} ${args.days} days ago, and your seat is still waiting. Follow this link to join; it works once.`,
        ],
        action: { label: 'Accept the invitation', href: args.href },
      };

export const summaryText = (
  locale: string,
  args: { group: string; pending: string[]; href: string },
): NoticeContent =>
  lang(locale) === 'fr-CA'
    ? {
        subject: `${args.pending.length} invitation(s) en attente dans ${args.group}`,
        paragraphs: [
          `Ces personnes n’ont pas encore accepté leur invitation à ${args.group}. Un rappel leur a été envoyé.`,
        ],
        list: args.pending,
        action: { label: 'Voir le groupe', href: args.href },
      }
    : {
        subject: `${args.pending.length} invitation(s) still pending in ${args.group}`,
        paragraphs: [
          `These people have not accepted their invitation to ${args.group} yet. A reminder was sent to them.`,
        ],
        list: args.pending,
        action: { label: 'See the group', href: args.href },
      };

export const certificateText = (
  locale: string,
  args: { name: string; topic: string; href: string },
): NoticeContent =>
  lang(locale) === 'fr-CA'
    ? {
        subject: `Votre certificat : ${args.topic}`,
        paragraphs: [
          `Bonjour ${args.name},`,
          `Félicitations! Vous avez obtenu le certificat de ${args.topic}. Vous pouvez le télécharger et le partager par son lien de vérification.`,
        ],
        action: { label: 'Voir le certificat', href: args.href },
      }
    : {
        subject: `Your certificate: ${args.topic}`,
        paragraphs: [
          `Hello ${args.name},`,
          `Congratulations! You earned the certificate of ${args.topic}. You can download it and share it by its verify link.`,
        ],
        action: { label: 'See the certificate', href: args.href },
      };

export const digestText = (
  locale: string,
  args: { org: string; weekly: boolean; lines: string[]; href: string },
): NoticeContent =>
  lang(locale) === 'fr-CA'
    ? {
        subject: `${args.lines.length} nouveau(x) message(s) de groupe sur ${args.org}`,
        paragraphs: [
          args.weekly
            ? 'Voici les messages de vos groupes de la semaine que vous n’avez pas encore lus.'
            : 'Voici les messages de vos groupes d’hier que vous n’avez pas encore lus.',
        ],
        list: args.lines,
        action: { label: 'Lire les messages', href: args.href },
      }
    : {
        subject: `${args.lines.length} new group message(s) on ${args.org}`,
        paragraphs: [
          args.weekly
            ? 'Here are this week’s messages in your groups that you have not read yet.'
            : 'Here are yesterday’s messages in your groups that you have not read yet.',
        ],
        list: args.lines,
        action: { label: 'Read the messages', href: args.href },
      };

const unsubscribeText = {
  'en-US': {
    why: 'You get this email because someone invited you.',
    stop: 'Stop these emails',
  },
  'fr-CA': {
    why: 'Vous recevez ce courriel parce que quelqu’un vous a invité.',
    stop: 'Ne plus recevoir ces courriels',
  },
} as const;

/** A mail with the RFC 8058 headers and, at its foot, why it came and the link that stops it. */
export function withUnsubscribe(
  mail: Mail,
  locale: string,
  unsubscribe: { page: string; oneClick: string },
): Mail {
  const t = locale === 'fr-CA' ? unsubscribeText['fr-CA'] : unsubscribeText['en-US'];
  const foot = `<p style="font-size:12px;color:#52606d">${escape(t.why)} <a href="${escape(unsubscribe.page)}" style="color:#1f2933">${escape(t.stop)}</a></p>`;
  const end = mail.html.lastIndexOf('</td></tr></table>');
  return {
    ...mail,
    html:
      end < 0
        ? `${mail.html}${foot}`
        : `${mail.html.slice(0, end)}${foot}\n${mail.html.slice(end)}`,
    text: `${mail.text}\n--\n${t.why}\n${t.stop}: ${unsubscribe.page}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
