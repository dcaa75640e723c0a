import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * Prices are in USD (docs/product-spec.md §9), written the way the interface locale writes
 * money: "$49.00" in en-US, "49,00 $ US" in fr-CA.
 */
export function useFormatUsd(): (dollars: number) => string {
  const intl = useIntl();
  return useCallback(
    (dollars: number) => intl.formatNumber(dollars, { style: 'currency', currency: 'USD' }),
    [intl],
  );
}

/** Amounts of orders are kept in cents. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
