import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BadSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentConfirmation,
  type PaymentProvider,
  type RefundRequest,
} from './payments';

/** A confirmation and its HMAC, as the local checkout's Pay button produces them. */
export interface SignedConfirmation {
  payload: string;
  signature: string;
}

/**
 * The embedded payment provider (PAYMENTS=local): no money moves. The checkout URL is the
 * portal's own page `/checkout/{orderId}`, relative, so the browser stays on the site (and the
 * sign-in) it bought from. Its Pay button asks the server, which builds a confirmation of the
 * order's stored amount, signs it with a key only this process knows, and hands it to the same
 * fulfilment as a Stripe webhook, which checks the signature: nothing the browser sends is
 * trusted for the amount or the order.
 */
export class LocalPayments implements PaymentProvider {
  readonly name = 'local' as const;
  private readonly key = randomBytes(32);

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return {
      id: `local_${request.orderId}`,
      url: `/checkout/${encodeURIComponent(request.orderId)}`,
    };
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  /** The confirmation of a paid order, signed. One event id per order: paying twice is one event. */
  confirm(order: { id: string; totalCents: number; currency: string }): SignedConfirmation {
    const confirmation: PaymentConfirmation = {
      eventId: `local_${order.id}`,
      type: 'local.payment.succeeded',
      orderId: order.id,
      amountCents: order.totalCents,
      currency: order.currency,
    };
    const payload = JSON.stringify(confirmation);
    return { payload, signature: this.mac(payload).toString('base64url') };
  }

  /** The Pay button's confirmation, signed then checked as a webhook's would be. */
  confirmOwnCheckout(order: {
    id: string;
    totalCents: number;
    currency: string;
  }): PaymentConfirmation {
    return this.verify(this.confirm(order));
  }

  /** No money moved: the refund is made at once. */
  async refund(request: RefundRequest): Promise<{ id: string }> {
    return { id: `local_refund_${request.orderId}` };
  }

  /** The confirmation, once its signature is checked. */
  verify(signed: SignedConfirmation): PaymentConfirmation {
    const expected = this.mac(signed.payload);
    const given = Buffer.from(signed.signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new BadSignatureError();
    return JSON.parse(signed.payload) as PaymentConfirmation;
  }
}
