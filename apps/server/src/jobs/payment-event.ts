import type { Fulfilment } from '../services/store/fulfilment';
import { JOB_KINDS } from './kinds';
import type { JobKind } from './runner';

export interface PaymentEventPayload {
  /** The event's id as recorded (`payment_events.id`). */
  eventId: string;
  orderId: string;
}

/**
 * Fulfils a payment event the inbox recorded. Idempotent: the event is claimed in the
 * fulfilment's transaction, so a second run (or the local checkout's Pay, which fulfils at once)
 * finds it done. A failure leaves the event `received` and the job is retried with backoff,
 * without holding up the events behind it.
 */
export const paymentEventJob = (fulfilment: Fulfilment): JobKind<PaymentEventPayload> => ({
  kind: JOB_KINDS.paymentEvent,
  maxAttempts: 20,
  async handle({ eventId, orderId }) {
    await fulfilment.fulfilEvent({ id: eventId, orderId });
  },
});
