import { describe, expect, it } from 'vitest';
import { priceForSeats, sortedTiers } from './pricing';

const tiers = [
  { minSeats: 10, percentOff: 20 },
  { minSeats: 5, percentOff: 10 },
];

describe('pricing as the bundle page shows it', () => {
  it('prices seats with the tier with the greatest minSeats reached, in whole cents', () => {
    expect(priceForSeats({ price: 49, discountTiers: tiers }, 1)).toEqual({
      unitCents: 4900,
      percentOff: 0,
      totalCents: 4900,
    });
    expect(priceForSeats({ price: 49, discountTiers: tiers }, 5)).toMatchObject({
      percentOff: 10,
      totalCents: 22_050,
      tier: { minSeats: 5, percentOff: 10 },
    });
    expect(priceForSeats({ price: 49, discountTiers: tiers }, 12).totalCents).toBe(47_040);
    // 19.99 × 3 × 0.85 = 50.9745 → 5097 cents
    const odd = priceForSeats(
      { price: 19.99, discountTiers: [{ minSeats: 3, percentOff: 15 }] },
      3,
    );
    expect(odd.totalCents).toBe(5097);
  });

  it('lists the tiers from the fewest seats up', () => {
    expect(sortedTiers(tiers).map((tier) => tier.minSeats)).toEqual([5, 10]);
    expect(tiers[0]?.minSeats).toBe(10);
  });
});
