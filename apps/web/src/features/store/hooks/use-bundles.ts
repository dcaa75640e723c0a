import type { BundleView } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { bundlesQuery } from '../../../lib/api/bundles';
import { requestedLocale } from '../../../lib/api/organisation';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';

type Interval = number | false;

/**
 * The bundles on sale for this viewer, from the very cache entry the app start filled (same
 * key), so a refetch here (after a purchase, say) updates the header and home page too.
 * `refetchInterval` polls, and may decide from the bundles last answered.
 */
export function useBundles(
  options: { refetchInterval?: Interval | ((bundles: BundleView[] | undefined) => Interval) } = {},
) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const { refetchInterval } = options;
  return useQuery({
    ...bundlesQuery(org.alias, requestedLocale(), viewer),
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
  });
}
