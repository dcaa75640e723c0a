import type { PaymentProviderName } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  BadSignatureError,
  type PaymentConfirmation,
  type PaymentProvider,
} from '../../adapters/payments/payments';
import type { Db } from '../../db/database';
import type { Executor } from '../../db/repositories/executor';
import {
  findOrderById,
  moveOrder,
  receivedPaymentEvents,
  recordPaymentEvent,
} from '../../db/repositories/orders';
import { JOB_KINDS } from '../../jobs/kinds';
import type { PaymentEventPayload } from '../../jobs/payment-event';
import type { EnqueueRequest, JobRunner } from '../../jobs/runner';
import { invalid, notFound } from '../errors';

/** What receiving a payment confirmation did (before its fulfilment). */
export type ReceiveOutcome =
  /** Durably recorded as `received`, with its job: the job runner fulfils it. */
  | 'recorded'
  /** Recorded before (by this process or another). */
  | 'duplicate'
  | 'mismatch'
  | 'unknown-order';

/** A payment event's id as recorded: the provider's event id under the provider's name. */
export const paymentEventKey = (provider: PaymentProviderName, eventId: string) =>
  `${provider}:${eventId}`;

/** The payment event's job: one per event (its idempotency key). */
export const paymentEventJobKey = (eventKey: string) => `payment-event:${eventKey}`;

const now = () => new Date().toISOString();

/**
 * The payment inbox: a provider's notifications are checked, and a paid confirmation is recorded
 * durably (`payment_events`, once per event id) together with the job that fulfils it, in one
 * transaction, before the webhook is answered. The job runner then fulfils it (fulfilment.ts).
 */
export class PaymentInbox {
  /**
   * Confirmations being recorded or recorded lately in this process, by event id: a duplicate
   * delivery shares the first one's outcome instead of asking the database again. The database
   * (event id key) still decides across processes and after this is gone.
   */
  private readonly recentEvents = new LRUCache<string, Promise<ReceiveOutcome>>({
    max: 10_000,
    ttl: 600_000,
  });

  constructor(
    private readonly db: Db,
    private readonly payments: PaymentProvider,
    private readonly jobs: JobRunner,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A provider's webhook: signature checked on the raw body (400 when missing or wrong, and
   * nothing changes); a paid confirmation is recorded, and answered, before its job fulfils it;
   * an abandoned checkout expires its order; other events are acknowledged.
   */
  async webhook(
    provider: PaymentProviderName,
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<void> {
    if (this.payments.name !== provider || !this.payments.parseWebhook) throw notFound('noStripe');
    let notification;
    try {
      notification = this.payments.parseWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof BadSignatureError) throw invalid('badSignature');
      throw err;
    }
    // A genuine delivery while the runner waits for quiet: it waits on.
    this.jobs.postponeWake();
    if (notification.kind === 'ignored') {
      this.log.debug({ eventId: notification.eventId, type: notification.type }, 'event ignored');
      return;
    }
    if (notification.kind === 'expired') {
      const order = await findOrderById(this.db, notification.orderId);
      if (order?.provider === provider)
        await moveOrder(this.db, order.id, ['pending'], 'expired', now());
      return;
    }
    await this.receive(notification.confirmation, provider);
  }

  /**
   * Records a paid confirmation durably, once per event id, with its job. A duplicate delivery
   * shares the first one's recording in this process (no database work); across processes the
   * event id key decides. The amount, currency and provider are checked against the order in the
   * same statement: a mismatch or an unknown order is logged, acknowledged and not recorded (a
   * retry of the same event is checked again).
   */
  async receive(
    confirmation: PaymentConfirmation,
    provider: PaymentProviderName,
  ): Promise<ReceiveOutcome> {
    const key = paymentEventKey(provider, confirmation.eventId);
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

  /**
   * Queues a job for every event recorded but not fulfilled (the app starts): events recorded
   * before the job runner existed, or whose job was lost. An event that has its job keeps it.
   */
  async enqueueReceived(): Promise<number> {
    let queued = 0;
    for (const event of await receivedPaymentEvents(this.db, 10_000))
      if (await this.enqueue(this.db, event.id, event.orderId)) queued += 1;
    if (queued) this.log.info({ queued }, 'payment events queued again');
    return queued;
  }

  private enqueue(db: Executor, key: string, orderId: string) {
    return this.jobs.enqueue(db, this.jobRequest(key, orderId));
  }

  private jobRequest(key: string, orderId: string): EnqueueRequest<PaymentEventPayload> {
    return {
      kind: JOB_KINDS.paymentEvent,
      payload: { eventId: key, orderId },
      idempotencyKey: paymentEventJobKey(key),
    };
  }

  private async record(
    key: string,
    confirmation: PaymentConfirmation,
    provider: PaymentProviderName,
  ): Promise<ReceiveOutcome> {
    // Recorded only when the order exists with this provider, amount and currency, together
    // with its job (one statement on PostgreSQL).
    const recorded = await recordPaymentEvent(
      this.db,
      {
        id: key,
        orderId: confirmation.orderId,
        provider,
        amountCents: confirmation.amountCents,
        currency: confirmation.currency,
        type: confirmation.type,
        at: now(),
      },
      this.jobs.jobRow(this.jobRequest(key, confirmation.orderId)),
    );
    if (recorded) {
      this.jobs.wake();
      return 'recorded';
    }
    // Nothing recorded: a duplicate (another process recorded it with its job), or no order matches.
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
    return 'duplicate';
  }
}
