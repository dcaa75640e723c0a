import { randomBytes, randomUUID } from 'node:crypto';
import {
  cohortName,
  localise,
  priceForSeats,
  resolveLocale,
  type OrderView,
  type PaymentProviderName,
  type PurchaseBody,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Mailer } from '../adapters/mail/mailer';
import type { LocalPayments } from '../adapters/payments/local';
import { BadSignatureError, type PaymentConfirmation } from '../adapters/payments/payments';
import type { StripePayments } from '../adapters/payments/stripe';
import type { Db } from '../db/database';
import { findUser } from '../db/repositories/accounts';
import { inTransaction, type Executor } from '../db/repositories/executor';
import { ensureMember, makeGroupAdmin } from '../db/repositories/memberships';
import {
  claimPaymentEvent,
  findOrder,
  findOrderById,
  insertOrder,
  moveOrder,
  ordersOf,
  receivedPaymentEvents,
  recordPaymentEvent,
  setOrderCohort,
  setProviderSession,
  type Order,
} from '../db/repositories/orders';
import {
  bundleOf,
  findOrganisationById,
  type OrganisationRecord,
} from '../db/repositories/organisations';
import { ensureCohort, findUserGroup } from '../db/repositories/user-groups';
import { assertMayBuy, ownsOrder, type Viewer } from '../policies';
import { conflict, invalid, notFound, unauthenticated, unavailable } from './errors';
import type { InvitationService } from './invitation-service';
import { receiptMail } from './mail-templates';
import type { RequestAddress, SiteLinks } from './site-links';
import type { ViewerService } from './viewer-service';


/** What a payment confirmation did. */
export type FulfilOutcome =
  | 'fulfilled'
  /** This event was handled before. */
  | 'duplicate'
  /** Another event fulfilled the order first. */
  | 'already-fulfilled'
  /** The amount, currency or provider is not the order's: nothing is done. */
  | 'mismatch'
  | 'unknown-order';

/** What receiving a payment confirmation did (before its fulfilment). */
export type ReceiveOutcome =
  /** Durably recorded as `received`: the worker fulfils it. */
  | 'recorded'
  /** Recorded before (by this process or another). */
  | 'duplicate'
  | 'mismatch'
  | 'unknown-order';

/** Lets the event loop read sockets (pending requests) before the next piece of background work. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Received events fulfilled per query of the worker. */
const WORKER_BATCH = 100;
/** After a failed pass, the worker tries again this much later (and at each new event). */
const WORKER_RETRY_MS = 5_000;
/**
 * The worker starts once no webhook has come for this long, so that a burst of deliveries is
 * answered before the fulfilments run (they share the process's one thread)…
 */
const WORKER_QUIET_MS = 10;
/** …but at most this long after the first event that waits for it. */
const WORKER_MAX_WAIT_MS = 500;

const now = () => new Date().toISOString();
/** A buyer's cohort: its id is unguessable, so it reveals nothing of who bought. */
const newCohortId = () => `cohort-${randomBytes(12).toString('base64url')}`;

/**
 * The store (docs/design.md §9): orders priced by the server, checkout through the payment
 * provider, and fulfilment exactly once from the provider's confirmation.
 *
 * Seats (docs/design.md §9): one seat makes the buyer a member of the bundle's user group; two
 * or more make (or add to) the buyer's own cohort under that group, which the buyer administers
 * without using a seat, with one open invitation per seat.
 */
export class StoreService {
  /**
   * Confirmations being handled or handled lately in this process, by event id: a duplicate
   * delivery shares the first one's outcome instead of asking the database again. The database
   * (event id key, conditional update) still decides across processes and after this is gone.
   */
  private readonly recentEvents = new LRUCache<string, Promise<ReceiveOutcome>>({
    max: 10_000,
    ttl: 600_000,
  });
  /** Passes of the worker asked for, and finished (see `processReceived`). */
  private passesAsked = 0;
  private passesDone = 0;
  private working = false;
  private readonly passWaiters: { pass: number; resolve: () => void }[] = [];
  private retry: NodeJS.Timeout | undefined;
  private quiet: NodeJS.Timeout | undefined;
  private waitingSince = 0;
  private stopped = false;
  /** Receipts go out one at a time, each after the event loop has read its sockets. */
  private mails: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly payments: LocalPayments | StripePayments,
    private readonly links: SiteLinks,
    private readonly mailer: Mailer,
    private readonly viewers: ViewerService,
    private readonly invitations: InvitationService,
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

  /** The viewer's own order; anyone else's is unknown. */
  private async ownOrder(org: OrganisationRecord, viewer: Viewer, orderId: string) {
    const order = await findOrder(this.db, org.id, orderId);
    if (!order || !ownsOrder(viewer, order)) throw notFound('orderNotFound');
    return order;
  }

  async order(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    return orderView(await this.ownOrder(org, viewer, orderId), locale);
  }

  /** The viewer's orders, newest first (at most 500). */
  async orders(org: OrganisationRecord, viewer: Viewer, locale: string): Promise<OrderView[]> {
    if (!viewer.userId) return [];
    return (await ordersOf(this.db, org.id, viewer.userId)).map((o) => orderView(o, locale));
  }

  /**
   * The local checkout's Pay button (PAYMENTS=local only): the server confirms the order's own
   * amount, signed, and fulfils it through the same path as a provider's webhook.
   */
  async pay(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    if (this.payments.name !== 'local') throw notFound('noLocalCheckout');
    const order = await this.ownOrder(org, viewer, orderId);
    if (order.status === 'fulfilled') return orderView(order, locale);
    if (order.status !== 'pending') throw conflict('orderNotPayable');
    const signed = this.payments.confirm(order);
    await this.fulfil(this.payments.verify(signed), 'local');
    return orderView(await this.ownOrder(org, viewer, orderId), locale);
  }

  /** Cancels a pending order (the checkout's Cancel); a fulfilled one cannot be (409). */
  async cancel(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    const order = await this.ownOrder(org, viewer, orderId);
    if (order.status === 'fulfilled') throw conflict('orderAlreadyPaid');
    if (order.status === 'pending' || order.status === 'paid') {
      const moved = await moveOrder(this.db, order.id, ['pending', 'paid'], 'cancelled', now());
      const after = await this.ownOrder(org, viewer, orderId);
      if (!moved && after.status === 'fulfilled') throw conflict('orderAlreadyPaid');
      return orderView(after, locale);
    }
    return orderView(order, locale);
  }

  /**
   * A Stripe webhook: signature checked on the raw body (400 when missing or wrong, and nothing
   * changes); a paid Checkout Session is recorded, and answered, before the worker fulfils its
   * order; other events are acknowledged.
   */
  async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (this.payments.name !== 'stripe') throw notFound('noStripe');
    let notification;
    try {
      notification = this.payments.parseWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof BadSignatureError) throw invalid('badSignature');
      throw err;
    }
    // A genuine delivery while the worker waits for quiet: it waits on (processReceivedSoon).
    if (this.quiet !== undefined) this.processReceivedSoon();
    if (notification.kind === 'ignored') {
      this.log.debug({ eventId: notification.eventId, type: notification.type }, 'event ignored');
      return;
    }
    if (notification.kind === 'expired') {
      const order = await findOrderById(this.db, notification.orderId);
      if (order?.provider === 'stripe')
        await moveOrder(this.db, order.id, ['pending'], 'expired', now());
      return;
    }
    // Answered once the event is durably recorded; the worker fulfils it.
    await this.receive(notification.confirmation, 'stripe');
  }

  /**
   * Fulfils an order exactly once, from a confirmation whose authenticity the adapter checked, and
   * waits for it (the local checkout's Pay): the confirmation is recorded as the webhook records
   * it, then the worker's pass fulfils it.
   */
  async fulfil(
    confirmation: PaymentConfirmation,
    provider: PaymentProviderName,
  ): Promise<FulfilOutcome> {
    const received = await this.receive(confirmation, provider);
    if (received === 'mismatch' || received === 'unknown-order') return received;
    await this.processReceived();
    return received === 'recorded' ? 'fulfilled' : 'duplicate';
  }

  /**
   * Records a paid confirmation durably, once per event id, and wakes the worker: the webhook
   * answers after this. A duplicate delivery shares the first one's recording in this process
   * (no database work); across processes the event id key decides. The amount, currency and
   * provider are checked against the order first: a mismatch or an unknown order is logged,
   * acknowledged and not recorded (a retry of the same event is checked again).
   */
  async receive(
    confirmation: PaymentConfirmation,
    provider: PaymentProviderName,
  ): Promise<ReceiveOutcome> {
    const key = `${provider}:${confirmation.eventId}`;
    const seen = this.recentEvents.get(key);
    if (seen) {
      const outcome = await seen.catch(() => undefined);
      // A mismatch or an unknown order is checked again: the same event id carries the same body.
      if (outcome === 'recorded' || outcome === 'duplicate') return 'duplicate';
    }
    const recording = this.record(key, confirmation, provider);
    this.recentEvents.set(key, recording);
    recording.catch(() => this.recentEvents.delete(key));
    return recording;
  }

  private async record(
    key: string,
    confirmation: PaymentConfirmation,
    provider: PaymentProviderName,
  ): Promise<ReceiveOutcome> {
    // One statement: recorded only when the order exists with this provider, amount and currency.
    const recorded = await recordPaymentEvent(this.db, {
      id: key,
      orderId: confirmation.orderId,
      provider,
      amountCents: confirmation.amountCents,
      currency: confirmation.currency,
      type: confirmation.type,
      at: now(),
    });
    if (recorded) {
      this.processReceivedSoon();
      return 'recorded';
    }
    // Nothing recorded: a duplicate (another process recorded it), or no order matches.
    const order = await findOrderById(this.db, confirmation.orderId);
    if (!order) {
      this.log.warn({ eventId: confirmation.eventId }, 'payment for an unknown order');
      return 'unknown-order';
    }
    if (
      order.provider !== provider ||
      confirmation.amountCents !== order.totalCents ||
      confirmation.currency !== order.currency
    ) {
      this.log.warn(
        {
          eventId: confirmation.eventId,
          orderId: order.id,
          paid: {
            amountCents: confirmation.amountCents,
            currency: confirmation.currency,
            provider,
          },
          expected: {
            amountCents: order.totalCents,
            currency: order.currency,
            provider: order.provider,
          },
        },
        'payment does not match its order: not fulfilled',
      );
      return 'mismatch';
    }
    // Recorded by another process: its worker fulfils it, or ours does if that one stopped.
    this.processReceivedSoon();
    return 'duplicate';
  }

  /**
   * The worker: fulfils every event recorded but not yet fulfilled, oldest first, one
   * transaction each. It runs when the app is ready (events a stopped process recorded and
   * acknowledged) and after each recording; the promise settles after a whole pass that began
   * after the call. Each event waits for the event loop to read its sockets first, so pending
   * webhook deliveries are answered before fulfilments run.
   */
  processReceived(): Promise<void> {
    const pass = ++this.passesAsked;
    const done = new Promise<void>((resolve) => this.passWaiters.push({ pass, resolve }));
    if (!this.working) void this.work();
    return done;
  }

  /** Stops the worker (the app closes); a pass under way ends after its current event. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.quiet);
  }

  /**
   * Runs the worker once webhooks have been quiet for WORKER_QUIET_MS (at most WORKER_MAX_WAIT_MS
   * after the first call that waits), rather than between the deliveries of a burst.
   */
  private processReceivedSoon(): void {
    const at = Date.now();
    if (this.quiet === undefined) this.waitingSince = at;
    else clearTimeout(this.quiet);
    const wait = Math.min(
      WORKER_QUIET_MS,
      Math.max(0, this.waitingSince + WORKER_MAX_WAIT_MS - at),
    );
    this.quiet = setTimeout(() => {
      this.quiet = undefined;
      void this.processReceived();
    }, wait);
    this.quiet.unref();
  }

  private async work(): Promise<void> {
    this.working = true;
    try {
      while (this.passesDone < this.passesAsked && !this.stopped) {
        const pass = this.passesAsked;
        await yieldToIo();
        try {
          await this.pass();
        } catch (err) {
          // The events stay received: the next recording, the retry or a restart fulfils them.
          this.log.error({ err }, 'payment worker failed; retrying');
          clearTimeout(this.retry);
          if (!this.stopped) {
            this.retry = setTimeout(() => void this.processReceived(), WORKER_RETRY_MS);
            this.retry.unref();
          }
        }
        this.passesDone = pass;
        for (let i = this.passWaiters.length - 1; i >= 0; i--) {
          const waiter = this.passWaiters[i]!;
          if (waiter.pass <= pass) {
            this.passWaiters.splice(i, 1);
            waiter.resolve();
          }
        }
      }
    } finally {
      this.working = false;
      if (this.stopped) for (const waiter of this.passWaiters.splice(0)) waiter.resolve();
    }
  }

  /**
   * Fulfils every received event. One that fails stays received and is passed over, so that it
   * does not hold up the events behind it; the pass then fails, and the retry tries it again.
   */
  private async pass(): Promise<void> {
    const failed = new Map<string, unknown>();
    for (;;) {
      const batch = await receivedPaymentEvents(this.db, WORKER_BATCH + failed.size);
      const todo = batch.filter((event) => !failed.has(event.id));
      for (const event of todo) {
        if (this.stopped) return;
        try {
          await this.fulfilReceived(event);
        } catch (err) {
          failed.set(event.id, err);
          this.log.error({ err, eventId: event.id }, 'payment event not fulfilled; retrying later');
        }
        await yieldToIo();
      }
      if (batch.length < WORKER_BATCH + failed.size || todo.length === 0) break;
    }
    if (failed.size) throw new Error(`${failed.size} payment event(s) could not be fulfilled`);
  }

  /**
   * Fulfils one received event, in one transaction: the event is claimed (`received` → `done`,
   * a conditional UPDATE: of two workers one claims it), the order moves to fulfilled with a
   * conditional UPDATE (a second event of the order moves nothing and stops here), the buyer
   * becomes an administrator of the group and the order's seats become invitations. Only the
   * transaction that fulfilled sends the receipt, after its commit. A confirmed payment also
   * fulfils an order cancelled or expired meanwhile: the money was taken.
   */
  private async fulfilReceived(event: { id: string; orderId: string }): Promise<FulfilOutcome> {
    const order = await findOrderById(this.db, event.orderId);
    const at = now();
    const outcome = await inTransaction(this.db, async (tx): Promise<FulfilOutcome> => {
      if (!(await claimPaymentEvent(tx, event.id))) return 'duplicate';
      if (!order) return 'unknown-order';
      const moved = await moveOrder(
        tx,
        order.id,
        ['pending', 'paid', 'cancelled', 'expired'],
        'fulfilled',
        at,
      );
      if (!moved) return 'already-fulfilled';
      await this.giveSeats(tx, order, at);
      return 'fulfilled';
    });
    if (outcome !== 'fulfilled' || !order) {
      this.log.debug({ eventId: event.id, orderId: event.orderId, outcome }, 'payment seen before');
      return outcome;
    }
    this.viewers.forget(order.orgId, order.userId);
    this.log.info({ orderId: order.id, quantity: order.quantity }, 'order fulfilled');
    this.mails = this.mails
      .then(yieldToIo)
      .then(() => this.sendReceipt(order))
      .catch((err: unknown) => this.log.error({ err, orderId: order.id }, 'receipt not sent'));
    return outcome;
  }

  /**
   * One seat: the buyer joins the bundle's group. Two or more: the buyer's cohort under it (made
   * on their first such purchase, named after them), which they administer, holds the order's
   * seats as open invitations.
   */
  private async giveSeats(tx: Executor, order: Order, at: string): Promise<void> {
    const member = { orgId: order.orgId, userId: order.userId };
    if (order.quantity < 2) {
      await ensureMember(tx, { ...member, groupId: order.userGroupId });
      return;
    }
    const buyer = await findUser(tx, order.orgId, order.userId);
    const parent = await findUserGroup(tx, order.orgId, order.userGroupId);
    const name = cohortName(
      {
        company: buyer?.company ?? '',
        first: buyer?.first_name ?? '',
        last: buyer?.last_name ?? '',
        username: buyer?.username ?? '',
      },
      (parent?.name ?? order.bundleName) as string | Record<string, string>,
    );
    const cohort = await ensureCohort(tx, {
      orgId: order.orgId,
      id: newCohortId(),
      parentId: order.userGroupId,
      ownerId: order.userId,
      name,
    });
    await makeGroupAdmin(tx, { ...member, groupId: cohort.id });
    await setOrderCohort(tx, order.id, cohort.id);
    await this.invitations.openSeats(tx, {
      orgId: order.orgId,
      groupId: cohort.id,
      orderId: order.id,
      quantity: order.quantity,
      at,
    });
  }

  private async sendReceipt(order: Order): Promise<void> {
    const org = await findOrganisationById(this.db, order.orgId);
    const buyer = org && (await findUser(this.db, org.id, order.userId));
    if (!org || !buyer) return;
    const name = `${buyer.first_name} ${buyer.last_name}`.trim() || buyer.username;
    await this.mailer.send(
      receiptMail(
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
        this.links.page(org, '/store'),
      ),
    );
  }
}

/** An order as its buyer sees it, the bundle's name in `locale`. */
export function orderView(order: Order, locale: string): OrderView {
  return {
    _id: order.id,
    bundleId: order.bundleId,
    bundleName: localise(order.bundleName, locale),
    quantity: order.quantity,
    unitCents: order.unitCents,
    percentOff: order.percentOff,
    totalCents: order.totalCents,
    currency: order.currency,
    status: order.status,
    provider: order.provider,
    createdAt: order.createdAt,
    cohortId: order.cohortId,
  };
}
