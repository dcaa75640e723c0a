import { z } from 'zod';

/** The most seats one purchase may buy. */
export const MAX_SEATS = 1_000;

/** A discount by seat count, as a bundle of the content pack declares it. */
export interface DiscountTier {
  minSeats: number;
  percentOff: number;
}

/** What a quantity of seats of a bundle costs: amounts in integer cents (USD). */
export interface SeatPrice {
  /** The bundle's price of one seat, before any discount. */
  unitCents: number;
  /** The discount of the tier that applies, 0 without one. */
  percentOff: number;
  /** `round(unitCents × quantity × (100 − percentOff) / 100)`. */
  totalCents: number;
  /** The tier that applies: the one with the greatest `minSeats` ≤ quantity. */
  tier?: DiscountTier;
}

/** The tier with the greatest `minSeats` that the quantity reaches, if any. */
export function tierFor(
  tiers: readonly DiscountTier[],
  quantity: number,
): DiscountTier | undefined {
  let best: DiscountTier | undefined;
  for (const tier of tiers)
    if (tier.minSeats <= quantity && (!best || tier.minSeats > best.minSeats)) best = tier;
  return best;
}

/**
 * The price of `quantity` seats of a bundle (`price` in USD), with its discount tiers applied.
 * The server computes every order with this; the browser shows the same figure.
 */
export function priceForSeats(
  bundle: { price: number; discountTiers?: readonly DiscountTier[] },
  quantity: number,
): SeatPrice {
  const unitCents = Math.max(0, Math.round(bundle.price * 100));
  const seats = Math.max(0, Math.floor(quantity));
  const tier = tierFor(bundle.discountTiers ?? [], seats);
  const percentOff = Math.min(100, Math.max(0, tier?.percentOff ?? 0));
  const totalCents = Math.max(0, Math.round((unitCents * seats * (100 - percentOff)) / 100));
  return { unitCents, percentOff, totalCents, ...(tier && { tier: { ...tier } }) };
}

/** A quantity of seats: a positive whole number, 1 to MAX_SEATS. */
export const seatQuantitySchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_SEATS, `must be at most ${MAX_SEATS}`);

/** `POST /api/org/{org}/bundle/{bundleId}/purchase`: the quantity must be a JSON number. */
export const purchaseBodySchema = z.object({
  locale: z.string().max(35).optional(),
  quantity: seatQuantitySchema,
});

export type PurchaseBody = z.infer<typeof purchaseBodySchema>;
