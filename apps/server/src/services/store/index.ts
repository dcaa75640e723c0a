import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payments';
import type { Db } from '../../db/database';
import type { JobRunner } from '../../jobs/runner';
import type { InvitationService } from '../invitations';
import type { SiteLinks } from '../site-links';
import type { ViewerService } from '../viewer-service';
import { Checkout } from './checkout';
import { Fulfilment } from './fulfilment';
import { Orders } from './orders';
import { PaymentInbox } from './payment-inbox';

export type { FulfilOutcome } from './fulfilment';
export { type ReceiveOutcome } from './payment-inbox';

/**
 * The store (docs/design.md §9), by use case: checkout (purchase, Pay, Cancel), the buyer's
 * orders, the payment inbox (webhooks recorded with their job) and fulfilment (run by the
 * payment-event job, exactly once).
 */
export interface StoreService {
  purchase: Checkout['purchase'];
  pay: Checkout['pay'];
  cancel: Checkout['cancel'];
  order: Orders['order'];
  orders: Orders['orders'];
  /** A Stripe webhook (404 without Stripe). */
  stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  inbox: PaymentInbox;
  fulfilment: Fulfilment;
}

export function createStore(deps: {
  db: Db;
  payments: PaymentProvider;
  links: SiteLinks;
  jobs: JobRunner;
  viewers: ViewerService;
  invitations: InvitationService;
  log: FastifyBaseLogger;
}): StoreService {
  const { db, payments, links, jobs, log } = deps;
  const orders = new Orders(db);
  const inbox = new PaymentInbox(db, payments, jobs, log);
  const fulfilment = new Fulfilment(db, jobs, deps.viewers, deps.invitations, log);
  const checkout = new Checkout(db, payments, links, orders, inbox, fulfilment, log);
  return {
    purchase: checkout.purchase.bind(checkout),
    pay: checkout.pay.bind(checkout),
    cancel: checkout.cancel.bind(checkout),
    order: orders.order.bind(orders),
    orders: orders.orders.bind(orders),
    stripeWebhook: (rawBody, signature) => inbox.webhook('stripe', rawBody, signature),
    inbox,
    fulfilment,
  };
}
