import { localise } from '@portal/domain';
import type { Mail } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import { findUser } from '../../db/repositories/accounts';
import { findOrderById } from '../../db/repositories/orders';
import { findOrganisationById } from '../../db/repositories/organisations';
import { receiptMail } from '../receipt-mail';
import type { SiteLinks } from '../site-links';

/**
 * The receipt of a fulfilled order, in the order's locale, written when it is sent (the receipt
 * job): undefined when the order, its organisation or its buyer is gone, or it is not fulfilled.
 */
export async function receiptOf(
  db: Db,
  links: SiteLinks,
  orderId: string,
): Promise<Mail | undefined> {
  const order = await findOrderById(db, orderId);
  if (!order || order.status !== 'fulfilled') return undefined;
  const org = await findOrganisationById(db, order.orgId);
  const buyer = org && (await findUser(db, org.id, order.userId));
  if (!org || !buyer) return undefined;
  const name = `${buyer.first_name} ${buyer.last_name}`.trim() || buyer.username;
  return receiptMail(
    org.settings,
    order.locale,
    { email: buyer.email, name },
    {
      id: order.id,
      bundleName: localise(order.bundleName, order.locale),
      quantity: order.quantity,
      unitCents: order.unitCents,
      percentOff: order.percentOff,
      totalCents: order.totalCents,
    },
    links.page(org, '/store'),
  );
}
