/** The currency the store charges in (docs/product-spec.md §9: prices in USD). */
export const STORE_CURRENCY = 'USD';

/**
 * A store amount (in dollars) written for `locale`, the same way in every language of the
 * organisation (issue 24, point 10): where the organisation's own money (`orgCurrency`, USD when
 * absent) is the store's, its plain sign ("$79.00", "79,00 $"); otherwise the sign says whose
 * dollar it is ("US$79.00", "79,00 $ US"), so that a Canadian organisation's "$" is never read
 * as a US price in one language and not in the other.
 */
export function formatStoreMoney(
  dollars: number,
  locale: string,
  orgCurrency: string | undefined,
): string {
  const own = (orgCurrency ?? STORE_CURRENCY).toUpperCase() === STORE_CURRENCY;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: STORE_CURRENCY,
    currencyDisplay: own ? 'narrowSymbol' : 'symbol',
  });
  if (own) return format.format(dollars);
  // en-US's symbol for its own dollar is "$": name the country, as fr-CA's "$ US" does.
  return format
    .formatToParts(dollars)
    .map((part) => (part.type === 'currency' && part.value === '$' ? 'US$' : part.value))
    .join('');
}

/** A percentage (10 → "10%" in en-US, "10 %" with a no-break space in fr-CA). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    percent / 100,
  );
}
