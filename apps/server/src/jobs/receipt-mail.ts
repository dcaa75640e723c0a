import type { Db } from '../db/database';
import type { SiteLinks } from '../services/site-links';
import { receiptOf } from '../services/store/receipts';
import { JOB_KINDS } from './kinds';
import type { MailDelivery } from './mail';
import type { JobKind } from './runner';

/**
 * Sends the receipt of a fulfilled order (queued in the fulfilment's transaction, one per order),
 * at most once: MailDelivery records it under the job's key before sending.
 */
export const receiptMailJob = (
  db: Db,
  links: SiteLinks,
  delivery: MailDelivery,
): JobKind<{ orderId: string }> => ({
  kind: JOB_KINDS.receipt,
  maxAttempts: 6,
  async handle({ orderId }, { job }) {
    const mail = await receiptOf(db, links, orderId);
    if (mail) await delivery.sendOnce(job.idempotencyKey ?? job.id, mail);
  },
});
