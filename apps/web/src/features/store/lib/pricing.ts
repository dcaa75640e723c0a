import type { DiscountTier } from '@portal/domain';

/** The one pricing rule, the server's (docs/decisions.md, Store): the browser shows its figure. */
export { MAX_SEATS, priceForSeats, tierFor, type DiscountTier } from '@portal/domain';

/** The tiers from the fewest seats up, for the group discount dialog. */
export function sortedTiers(tiers: readonly DiscountTier[]): DiscountTier[] {
  return [...tiers].sort((a, b) => a.minSeats - b.minSeats);
}
