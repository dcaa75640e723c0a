import { randomUUID } from 'node:crypto';
import {
  localise,
  priceForSeats,
  resolveLocale,
  type OrderView,
  type PurchaseBody,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payments';
import type { Db } from '../../db/database';
import { findUser } from '../../db/repositories/accounts';
import {
  insertOrder,
  moveOrder,
  setProviderSession,
  type Order,
} from '../../db/repositories/orders';
import { bundleOf, type OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayBuy, type Viewer } from '../../policies';
import { orderView } from '../../presenters/order';
import { conflict, notFound, unauthenticated, unavailable } from '../errors';
import type { RequestAddress, SiteLinks } from '../site-links';
import type { Fulfilment } from './fulfilment';
import type { Orders } from './orders';
import { paymentEventKey, type PaymentInbox } from './payment-inbox';

const now = () => new Date().toISOString();

/**
 * Checkout (docs/design.md §9): orders priced by the server, the provider's checkout, the local
 * checkout's Pay and Cancel.
 */
export class Checkout {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentProvider,
    private readonly links: SiteLinks,
    private readonly orders: Orders,
    private readonly inbox: PaymentInbox,
    private readonly fulfilment: Fulfilment,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Makes a pending order of `quantity` seats and answers where the browser goes to pay. The
   * provider sends the buyer back to the address they bought from when it is the organisation's
   * own (`from`, SiteLinks), so they come back signed in.
   */
  async purchase(
    org: OrganisationRecord,
    viewer: Viewer,
    bundleId: string,
    body: PurchaseBody,
    requestLocale: string,
    from?: RequestAddress,
  ): Promise<{ url: string }> {
    const bundle = await bundleOf(this.db, org.id, bundleId);
    if (!bundle) throw notFound('bundleNotFound');
    assertMayBuy(viewer, bundle, body.quantity);
    const buyer = await findUser(this.db, org.id, viewer.userId);
    if (!buyer) throw unauthenticated('sessionEnded');
    const price = priceForSeats(bundle, body.quantity);
    const at = now();
    const order: Order = {
      id: randomUUID(),
      orgId: org.id,
      userId: viewer.userId,
      bundleId: bundle._id,
      bundleName: bundle.name,
      userGroupId: bundle.userGroup,
      quantity: body.quantity,
      unitCents: price.unitCents,
      percentOff: price.percentOff,
      totalCents: price.totalCents,
      currency: 'usd',
      status: 'pending',
      provider: this.payments.name,
      providerSessionId: null,
      locale: resolveLocale(body.locale ?? requestLocale, org.settings.locales),
      createdAt: at,
      updatedAt: at,
      fulfilledAt: null,
      cohortId: null,
    };
    await insertOrder(this.db, order);
    const site = (path: string) => this.links.page(org, path, from);
    let session;
    try {
      session = await this.payments.createCheckout({
        orderId: order.id,
        amountCents: order.totalCents,
        quantity: order.quantity,
        description: localise(bundle.name, order.locale),
        customerEmail: buyer.email,
        successUrl: site(`/store?purchased=${encodeURIComponent(bundle._id)}`),
        cancelUrl: site(`/bundle/${encodeURIComponent(bundle._id)}?cancelled=1`),
      });
    } catch (err) {
      this.log.error({ err, orderId: order.id }, 'checkout session not created');
      await moveOrder(this.db, order.id, ['pending'], 'cancelled', now());
      throw unavailable('paymentsUnavailable');
    }
    await setProviderSession(this.db, order.id, session.id, now());
    return { url: session.url };
  }

  /**
   * The local checkout's Pay button (a provider with its own checkout: PAYMENTS=local): the
   * server confirms the order's own amount, signed, records it as a webhook's confirmation is
   * recorded, and fulfils it at once (the queued job then finds it done).
   */
  async pay(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    if (!this.payments.confirmOwnCheckout) throw notFound('noLocalCheckout');
    const order = await this.orders.own(org, viewer, orderId);
    if (order.status === 'fulfilled') return orderView(order, locale);
    if (order.status !== 'pending') throw conflict('orderNotPayable');
    const confirmation = this.payments.confirmOwnCheckout(order);
    const received = await this.inbox.receive(confirmation, this.payments.name);
    if (received === 'recorded' || received === 'duplicate')
      await this.fulfilment.fulfilEvent({
        id: paymentEventKey(this.payments.name, confirmation.eventId),
        orderId: order.id,
      });
    return orderView(await this.orders.own(org, viewer, orderId), locale);
  }

  /** Cancels a pending order (the checkout's Cancel); a fulfilled one cannot be (409). */
  async cancel(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    const order = await this.orders.own(org, viewer, orderId);
    if (order.status === 'fulfilled') throw conflict('orderAlreadyPaid');
    if (order.status === 'pending' || order.status === 'paid') {
      const moved = await moveOrder(this.db, order.id, ['pending', 'paid'], 'cancelled', now());
      const after = await this.orders.own(org, viewer, orderId);
      if (!moved && after.status === 'fulfilled') throw conflict('orderAlreadyPaid');
      return orderView(after, locale);
    }
    return orderView(order, locale);
  }
}
