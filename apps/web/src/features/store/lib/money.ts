import { useFormatStoreMoney } from '../../../lib/money';

/**
 * Prices are in USD (docs/product-spec.md §9), written the same way in every language of the
 * organisation (lib/money.ts): "$49.00" and "49,00 $", or "US$49.00" and "49,00 $ US" for an
 * organisation whose money is another currency.
 */
export function useFormatUsd(): (dollars: number) => string {
  return useFormatStoreMoney();
}

/** Amounts of orders are kept in cents. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
