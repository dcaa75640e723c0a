/** The currency the store charges in (docs/product-spec.md §9: prices in USD). */
export const STORE_CURRENCY = 'USD';

/**
 * Formats are kept by locale and style: making an Intl.NumberFormat costs far more than using
 * one (a receipt, a page of orders). An unknown locale throws before anything is kept.
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, style: 'narrowSymbol' | 'symbol' | 'percent') {
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      style === 'percent'
        ? { style: 'percent', maximumFractionDigits: 2 }
        : { style: 'currency', currency: STORE_CURRENCY, currencyDisplay: style },
    );
    if (formats.size < 100) formats.set(key, format);
  }
  return format;
}

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
  const format = numberFormat(locale, own ? 'narrowSymbol' : 'symbol');
  if (own) return format.format(dollars);
  // en-US's symbol for its own dollar is "$": name the country, as fr-CA's "$ US" does.
  return format
    .formatToParts(dollars)
    .map((part) => (part.type === 'currency' && part.value === '$' ? 'US$' : part.value))
    .join('');
}

/** A percentage (10 → "10%" in en-US, "10 %" with a no-break space in fr-CA). */
export function formatPercent(percent: number, locale: string): string {
  return numberFormat(locale, 'percent').format(percent / 100);
}
