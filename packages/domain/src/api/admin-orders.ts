import { z } from 'zod';
import { orgParamsSchema } from '../api-schemas';
import { idSchema } from '../content-pack';
import { ORDER_STATUSES, PAYMENT_PROVIDERS } from './store';

/**
 * The console's orders (docs/design.md §9, §15): the organisation's orders with their buyer and
 * what became of their seats, and a refund that takes back the seats nobody took.
 */

export const adminOrderParamsSchema = orgParamsSchema.extend({
  orderId: z.string().min(1).max(64),
});

export const adminOrdersQuerySchema = z.object({
  state: z.enum(ORDER_STATUSES).optional(),
  bundle: idSchema.optional(),
  /** Part of the buyer's name, username or email. */
  buyer: z.string().trim().min(1).max(100).optional(),
  /** From this time (inclusive), an ISO 8601 date or date and time. */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** Until this time (exclusive). */
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** The page after this one (the answer's `next`). */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

export const adminOrderViewSchema = z.object({
  _id: z.string(),
  buyer: z.object({ _id: z.string(), name: z.string(), username: z.string(), email: z.string() }),
  bundleId: z.string(),
  /** The bundle's name when the order was made, in every locale it had. */
  bundleName: z.unknown(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  percentOff: z.number(),
  totalCents: z.number().int(),
  currency: z.literal('usd'),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  createdAt: z.string(),
  fulfilledAt: z.string().nullable(),
  cohortId: z.string().nullable(),
  /** The seats: used (taken by a member), unused (open or pending invitations), revoked. */
  seats: z.object({ used: z.number().int(), unused: z.number().int(), revoked: z.number().int() }),
});
export type AdminOrderView = z.output<typeof adminOrderViewSchema>;

export const adminOrdersAnswerSchema = z.object({
  orders: z.array(adminOrderViewSchema),
  next: z.string().nullable(),
});
export type AdminOrdersAnswer = z.output<typeof adminOrdersAnswerSchema>;
export const adminOrderAnswerSchema = z.object({ order: adminOrderViewSchema });
export const adminRefundAnswerSchema = z.object({
  order: adminOrderViewSchema,
  /** Seats taken back (their invitations revoked) and the seats members keep. */
  seatsTakenBack: z.number().int(),
  seatsInUse: z.number().int(),
});
export type AdminRefundAnswer = z.output<typeof adminRefundAnswerSchema>;
