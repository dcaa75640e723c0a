import { MAX_SEATS } from './pricing';

/** Why a quantity of seats is refused (docs/product-spec.md §5). */
export type QuantityProblem = 'required' | 'whole' | 'leadingZero' | 'min' | 'max';

export type QuantityResult = { ok: true; value: number } | { ok: false; problem: QuantityProblem };

/**
 * The quantity typed in the purchase form: a positive whole number written plainly (digits
 * only, no leading zero), at least 1 and at most MAX_SEATS. Spaces around it are ignored.
 */
export function parseQuantity(text: string): QuantityResult {
  const value = text.trim();
  if (value === '') return { ok: false, problem: 'required' };
  if (!/^\d+$/.test(value)) return { ok: false, problem: 'whole' };
  if (/^0+$/.test(value)) return { ok: false, problem: 'min' };
  if (value.startsWith('0')) return { ok: false, problem: 'leadingZero' };
  const number = Number(value);
  if (number > MAX_SEATS) return { ok: false, problem: 'max' };
  return { ok: true, value: number };
}
