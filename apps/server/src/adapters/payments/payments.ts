/**
 * Where a bundle's seats are paid. `PAYMENTS=local` (the embedded default) is the portal's own
 * checkout page; `PAYMENTS=stripe` is Stripe Checkout with signed webhooks. Both end in the
 * same fulfilment (StoreService.fulfil) with a `PaymentConfirmation` whose authenticity the
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

/** A notification whose signature is missing or wrong: nothing in it may be trusted. */
export class BadSignatureError extends Error {
  constructor(message = 'The payment notification’s signature is missing or wrong.') {
    super(message);
    this.name = 'BadSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}
