import { formatStoreMoney } from '@portal/domain';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useOrganisation } from './organisation';

/**
 * Store prices (in USD, docs/product-spec.md §9), written the same way in every language of the
 * organisation: "$79.00" / "79,00 $" where its money is the US dollar, "US$79.00" /
 * "79,00 $ US" where it is another (formatStoreMoney in the domain package).
 */
export function useFormatStoreMoney(): (dollars: number) => string {
  const intl = useIntl();
  const { org } = useOrganisation();
  return useCallback(
    (dollars: number) => formatStoreMoney(dollars, intl.locale, org.currency),
    [intl.locale, org.currency],
  );
}
