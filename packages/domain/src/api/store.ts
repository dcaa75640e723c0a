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

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'expired'] as const;
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

export const INVITE_STATUSES = ['open', 'used', 'revoked'] as const;

/**
 * A seat of an order, as its buyer sees it. `link` is a path on the organisation's site (the
 * browser puts its origin in front): `/signup?inviteId=…` (with `&email=…` once sent), or
 * `/signin?email=…&inviteId=…` when that email already has an account.
 */
export const inviteViewSchema = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  link: z.string(),
});

export const invitesAnswerSchema = z.object({ invites: z.array(inviteViewSchema) });
export const inviteAnswerSchema = z.object({ invite: inviteViewSchema });

export type InviteStatus = (typeof INVITE_STATUSES)[number];
export type InviteView = z.infer<typeof inviteViewSchema>;
export type InvitesAnswer = z.infer<typeof invitesAnswerSchema>;
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;
