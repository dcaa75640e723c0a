import { z } from 'zod';

/**
 * The store's answers: a purchase answers where the browser goes to pay; an order is the
 * learner's own purchase with the amounts the server computed (integer cents, USD).
 */
export const checkoutSessionAnswerSchema = z.object({
  checkoutSession: z.object({
    url: z
      .string()
      .describe('Where the browser goes to pay: the provider’s page, or /checkout/{orderId}'),
  }),
});

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'fulfilled',
  'cancelled',
  'expired',
  'refunded',
] as const;
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;

export const orderViewSchema = z.object({
  _id: z.string(),
  bundleId: z.string(),
  /** The bundle's name in the request's locale. */
  bundleName: z.string(),
  quantity: z.number().int(),
  /** One seat before the discount. */
  unitCents: z.number().int(),
  percentOff: z.number(),
  totalCents: z.number().int(),
  currency: z.literal('usd'),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  createdAt: z.string(),
  /**
   * The buyer's cohort that holds this order's seats (two or more seats, once fulfilled): its
   * group page is where the seats are handed out. Null for one seat, or before fulfilment.
   */
  cohortId: z.string().nullable(),
});

export const orderAnswerSchema = z.object({ order: orderViewSchema });
/** The signed-in learner's orders, newest first. */
export const ordersAnswerSchema = z.object({ orders: z.array(orderViewSchema) });

export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswerSchema>;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export type OrderView = z.infer<typeof orderViewSchema>;
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;
export type OrdersAnswer = z.infer<typeof ordersAnswerSchema>;
