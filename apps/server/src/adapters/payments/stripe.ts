import Stripe from 'stripe';
import {
  BadSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentNotification,
  type PaymentProvider,
  RefundFailedError,
  type RefundRequest,
} from './payments';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Base URL of the API (stripe-mock, a test stand-in); Stripe's own when unset. */
  apiUrl: string | undefined;
}

/** The events that say a Checkout Session was paid. */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * Stripe Checkout (PAYMENTS=stripe): one Checkout Session per order, with one line item of the
 * unit price after discount × the quantity, and `client_reference_id` = the order id. Payments
 * are confirmed only by signed webhooks (`checkout.session.completed`, and
 * `checkout.session.async_payment_succeeded` for delayed methods), never by the browser's return;
 * `checkout.session.expired` marks a pending order expired.
 */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(api && {
        host: api.hostname,
        protocol: api.protocol === 'http:' ? 'http' : 'https',
        ...(api.port && { port: Number(api.port) }),
      }),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { amountCents, quantity } = request;
    // The unit price after discount: whole cents when the total divides evenly, else a decimal
    // (12 places at most) whose product with the quantity rounds to the order's total.
    const unit =
      amountCents % quantity === 0
        ? { unit_amount: amountCents / quantity }
        : {
            unit_amount_decimal: Stripe.Decimal.from(
              (amountCents / quantity).toFixed(12).replace(/0+$/, ''),
            ),
          };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: request.orderId,
      customer_email: request.customerEmail,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata: { orderId: request.orderId },
      line_items: [
        {
          quantity,
          price_data: { currency: 'usd', product_data: { name: request.description }, ...unit },
        },
      ],
    });
    if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
    return { id: session.id, url: session.url };
  }

  /**
   * A refund in full through Stripe's Refund API: the Checkout Session's payment intent, with an
   * idempotency key from the order id (a retry never refunds twice).
   */
  async refund(request: RefundRequest): Promise<{ id: string }> {
    if (!request.providerSessionId)
      throw new RefundFailedError('The order has no Stripe Checkout Session');
    try {
      const session = await this.stripe.checkout.sessions.retrieve(request.providerSessionId);
      const intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!intent) throw new RefundFailedError('The Checkout Session has no payment intent');
      const refund = await this.stripe.refunds.create(
        { payment_intent: intent, metadata: { orderId: request.orderId } },
        { idempotencyKey: `refund-${request.orderId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new RefundFailedError(`Stripe's refund ${refund.id} is ${refund.status}`);
      return { id: refund.id };
    } catch (err) {
      if (err instanceof RefundFailedError) throw err;
      throw new RefundFailedError((err as Error).message);
    }
  }

  /** Checks the signature of a webhook (raw body) and says what it asks. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentNotification {
    if (!signature) throw new BadSignatureError();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw new BadSignatureError();
    }
    if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status === 'paid' && session.client_reference_id)
        return {
          kind: 'paid',
          confirmation: {
            eventId: event.id,
            type: event.type,
            orderId: session.client_reference_id,
            amountCents: session.amount_total ?? -1,
            currency: (session.currency ?? '').toLowerCase(),
          },
        };
    }
    if (event.type === 'checkout.session.expired') {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.client_reference_id)
        return { kind: 'expired', eventId: event.id, orderId: session.client_reference_id };
    }
    return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
