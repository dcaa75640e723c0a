import type { PaymentProviderName } from '@portal/domain';

/**
 * Where a bundle's seats are paid. `PAYMENTS=local` (the embedded default) is the portal's own
 * checkout page; `PAYMENTS=stripe` is Stripe Checkout with signed webhooks. Both end in the
 * same fulfilment (services/store/fulfilment.ts) with a `PaymentConfirmation` whose authenticity the
 * adapter checked: a Stripe signature, or the local adapter's own HMAC.
 */
export interface CheckoutRequest {
  /** Our order id: Stripe's `client_reference_id`. */
  orderId: string;
  /** The order's total in cents (USD), computed by the server. */
  amountCents: number;
  quantity: number;
  /** The line item's name (the bundle's name). */
  description: string;
  customerEmail: string;
  /** Absolute addresses on the organisation's site. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the session. */
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** A payment the provider confirmed: fulfilled once per `eventId`. */
export interface PaymentConfirmation {
  eventId: string;
  /** The provider's event type, e.g. `checkout.session.completed`. */
  type: string;
  orderId: string;
  amountCents: number;
  /** Lower-case ISO code, e.g. `usd`. */
  currency: string;
}

/** What a provider's notification (webhook) asks of us. */
export type PaymentNotification =
  | { kind: 'paid'; confirmation: PaymentConfirmation }
  /** The checkout was abandoned: the provider will take no payment for this order. */
  | { kind: 'expired'; eventId: string; orderId: string }
  | { kind: 'ignored'; eventId: string; type: string };

/** What a refund needs of an order. */
export interface RefundRequest {
  orderId: string;
  /** The provider's checkout session of the order (Stripe: `cs_…`). */
  providerSessionId: string | null;
  amountCents: number;
}

/** The provider refused or could not be reached: nothing was refunded. */
export class RefundFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundFailedError';
  }
}

/** A notification whose signature is missing or wrong: nothing in it may be trusted. */
export class BadSignatureError extends Error {
  constructor(message = 'The payment notification’s signature is missing or wrong.') {
    super(message);
    this.name = 'BadSignatureError';
  }
}

/**
 * A payment provider, as the store sees every one of them: the store asks what a provider can do
 * (the optional members) rather than which one it is.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the signature of a notification (webhook, raw body) and says what it asks; throws
   * BadSignatureError when it cannot be trusted. Absent when the provider sends none.
   */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): PaymentNotification;
  /**
   * The portal's own checkout (its Pay button): the confirmation of the order's stored amount,
   * checked as a provider's would be. Absent when only the provider confirms payments.
   */
  confirmOwnCheckout?(order: {
    id: string;
    totalCents: number;
    currency: string;
  }): PaymentConfirmation;
  /**
   * Gives the order's payment back in full (idempotent per order); throws RefundFailedError when
   * the provider did not. Answers the provider's refund id.
   */
  refund(request: RefundRequest): Promise<{ id: string }>;
}
