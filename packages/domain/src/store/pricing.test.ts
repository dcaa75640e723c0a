import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../content-pack';
import { MAX_SEATS, priceForSeats, purchaseBodySchema, seatQuantitySchema } from './pricing';

/** Tiers as a valid pack declares them: unique minSeats, discounts growing with the seats. */
const tiersArb = fc
  .uniqueArray(fc.integer({ min: 2, max: MAX_SEATS }), { maxLength: 6 })
  .chain((seats) =>
    fc
      .array(fc.integer({ min: 1, max: 99 }), {
        minLength: seats.length,
        maxLength: seats.length,
      })
      .map((offs) => {
        const sortedSeats = [...seats].sort((a, b) => a - b);
        const sortedOffs = [...offs].sort((a, b) => a - b);
        return sortedSeats.map((minSeats, i) => ({ minSeats, percentOff: sortedOffs[i]! }));
      }),
  );
const bundleArb = fc.record({
  price: fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100),
  discountTiers: tiersArb,
});
const quantityArb = fc.integer({ min: 1, max: MAX_SEATS });

describe('priceForSeats', () => {
  it('prices one seat of a bundle without tiers at its price, in cents', () => {
    expect(priceForSeats({ price: 49, discountTiers: [] }, 1)).toEqual({
      unitCents: 4_900,
      percentOff: 0,
      totalCents: 4_900,
    });
    expect(priceForSeats({ price: 19.99, discountTiers: [] }, 3).totalCents).toBe(5_997);
  });

  it('applies the tier with the greatest minSeats the quantity reaches', () => {
    const bundle = {
      price: 79,
      discountTiers: [
        { minSeats: 20, percentOff: 20 },
        { minSeats: 5, percentOff: 10 },
      ],
    };
    expect(priceForSeats(bundle, 4)).toEqual({
      unitCents: 7_900,
      percentOff: 0,
      totalCents: 31_600,
    });
    expect(priceForSeats(bundle, 5)).toEqual({
      unitCents: 7_900,
      percentOff: 10,
      totalCents: 35_550,
      tier: { minSeats: 5, percentOff: 10 },
    });
    expect(priceForSeats(bundle, 25).tier).toEqual({ minSeats: 20, percentOff: 20 });
    expect(priceForSeats(bundle, 25).totalCents).toBe(158_000);
  });

  it('is never negative and follows its formula, in whole cents', () => {
    fc.assert(
      fc.property(bundleArb, quantityArb, (bundle, quantity) => {
        const p = priceForSeats(bundle, quantity);
        expect(p.totalCents).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(p.totalCents)).toBe(true);
        expect(Number.isInteger(p.unitCents)).toBe(true);
        expect(p.unitCents).toBe(Math.round(bundle.price * 100));
        expect(p.totalCents).toBe(
          Math.round((p.unitCents * quantity * (100 - p.percentOff)) / 100),
        );
      }),
    );
  });

  it('chooses the tier with the greatest minSeats at most the quantity', () => {
    fc.assert(
      fc.property(bundleArb, quantityArb, (bundle, quantity) => {
        const p = priceForSeats(bundle, quantity);
        const reached = bundle.discountTiers.filter((t) => t.minSeats <= quantity);
        if (reached.length === 0) {
          expect(p.tier).toBeUndefined();
          expect(p.percentOff).toBe(0);
        } else {
          const best = Math.max(...reached.map((t) => t.minSeats));
          expect(p.tier?.minSeats).toBe(best);
          expect(p.percentOff).toBe(p.tier?.percentOff);
        }
      }),
    );
  });

  it('never makes a seat dearer when more are bought (tiers of a valid pack)', () => {
    fc.assert(
      fc.property(bundleArb, quantityArb, quantityArb, (bundle, a, b) => {
        const [few, many] = a <= b ? [a, b] : [b, a];
        const seat = (q: number) => {
          const p = priceForSeats(bundle, q);
          return p.unitCents * (100 - p.percentOff);
        };
        expect(seat(many)).toBeLessThanOrEqual(seat(few));
        // Tiers a valid pack accepts.
        expect(bundleSchema.shape.discountTiers.safeParse(bundle.discountTiers).success).toBe(true);
      }),
    );
  });
});

describe('discount tiers of a pack', () => {
  const tiers = bundleSchema.shape.discountTiers;
  it('refuses a repeated minSeats, a smaller discount for more seats, and 100 % off', () => {
    expect(
      tiers.safeParse([
        { minSeats: 5, percentOff: 10 },
        { minSeats: 5, percentOff: 20 },
      ]).success,
    ).toBe(false);
    expect(
      tiers.safeParse([
        { minSeats: 10, percentOff: 5 },
        { minSeats: 5, percentOff: 10 },
      ]).success,
    ).toBe(false);
    expect(tiers.safeParse([{ minSeats: 5, percentOff: 100 }]).success).toBe(false);
    expect(tiers.safeParse([{ minSeats: 1, percentOff: 10 }]).success).toBe(false);
    expect(
      tiers.safeParse([
        { minSeats: 20, percentOff: 20 },
        { minSeats: 5, percentOff: 10 },
      ]).success,
    ).toBe(true);
  });
});

describe('seat quantity', () => {
  it('accepts whole numbers from 1 to 1000 only, as JSON numbers', () => {
    for (const ok of [1, 2, 999, 1_000])
      expect(seatQuantitySchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, '01', '1', 1e9, 1_001, null, Number.NaN, Infinity])
      expect(seatQuantitySchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(purchaseBodySchema.safeParse({ quantity: 3, locale: 'fr-CA' }).success).toBe(true);
    expect(purchaseBodySchema.safeParse({ locale: 'fr-CA' }).success).toBe(false);
  });
});
