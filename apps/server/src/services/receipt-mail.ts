import {
  formatPercent,
  formatStoreMoney,
  localise,
  type OrganisationSettings,
} from '@portal/domain';
import type { Mail } from '../adapters/mail/mailer';
import { brandedHtml, button, escape } from './mail-templates';

/** The receipt of a fulfilled order (the store's mail), in the buyer's locale. */

const receiptText = {
  'en-US': {
    subject: (org: string) => `Your ${org} receipt`,
    greeting: (name: string) => `Hello ${name},`,
    body: 'Thank you for your purchase. Here is your receipt.',
    bundle: 'Bundle',
    seats: 'Seats',
    unit: 'Price per seat',
    discount: 'Group discount',
    total: 'Total paid',
    order: 'Order',
    access:
      'You now have access to the bundle’s topics and administer its group. Each seat is an invitation you can send from the store.',
    button: 'Go to the store',
  },
  'fr-CA': {
    subject: (org: string) => `Votre reçu ${org}`,
    greeting: (name: string) => `Bonjour ${name},`,
    body: 'Merci de votre achat. Voici votre reçu.',
    bundle: 'Ensemble de cours',
    seats: 'Places',
    unit: 'Prix par place',
    discount: 'Rabais de groupe',
    total: 'Total payé',
    order: 'Commande',
    access:
      'Vous avez maintenant accès aux sujets de l’ensemble de cours et vous administrez son groupe. Chaque place est une invitation que vous pouvez envoyer depuis la boutique.',
    button: 'Aller à la boutique',
  },
} as const;

export interface ReceiptOrder {
  id: string;
  bundleName: string;
  quantity: number;
  unitCents: number;
  percentOff: number;
  totalCents: number;
}

/** The receipt of a fulfilled order, in the buyer's locale; amounts in USD, formatted for it. */
export function receiptMail(
  org: OrganisationSettings,
  locale: string,
  to: { email: string; name: string },
  order: ReceiptOrder,
  storeLink: string,
): Mail {
  const fr = locale === 'fr-CA';
  const t = fr ? receiptText['fr-CA'] : receiptText['en-US'];
  const lang = fr ? 'fr-CA' : 'en-US';
  // Written as the store writes them (formatStoreMoney): the same currency sign in both languages.
  const usd = (cents: number) => formatStoreMoney(cents / 100, lang, org.currency);
  const orgName = localise(org.name, locale);
  const rows: Array<[string, string]> = [
    [t.bundle, order.bundleName],
    [t.seats, String(order.quantity)],
    [t.unit, usd(order.unitCents)],
    ...(order.percentOff > 0
      ? [[t.discount, formatPercent(order.percentOff, lang)] as [string, string]]
      : []),
    [t.total, usd(order.totalCents)],
    [t.order, order.id],
  ];
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#52606d">${escape(k)}</td><td style="padding:4px 0;font-weight:bold">${escape(v)}</td></tr>`,
    )
    .join('');
  const html = brandedHtml(
    org,
    locale,
    `<p>${escape(t.greeting(to.name))}</p><p>${escape(t.body)}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${table}</table>
<p>${escape(t.access)}</p>
${button(org, storeLink, t.button)}
<p style="font-size:12px;color:#52606d;word-break:break-all">${escape(storeLink)}</p>`,
  );
  // fr-CA puts a no-break space before a colon.
  const colon = fr ? '\u00a0:' : ':';
  const text = `${t.greeting(to.name)}\n\n${t.body}\n\n${rows.map(([k, v]) => `${k}${colon} ${v}`).join('\n')}\n\n${t.access}\n\n${t.button}${colon} ${storeLink}\n\n${orgName}\n`;
  return { to: to.email, subject: t.subject(orgName), text, html, fromName: orgName };
}
