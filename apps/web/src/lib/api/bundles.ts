import type { CheckoutSessionAnswer } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** `viewer` is part of the key: the answer says which bundles the learner already owns. */
export const bundleKeys = {
  list: (alias: string, locale: string | null, viewer: string) =>
    ['bundles', alias, locale, viewer] as const,
};

/** GET /api/org/{alias}/bundle?locale: the bundles on sale, loaded with the organisation. */
export function bundlesQuery(alias: string, locale: string | null, viewer: string) {
  return queryOptions({
    queryKey: bundleKeys.list(alias, locale, viewer),
    queryFn: async ({ signal }) => {
      const { bundles } = await call('bundles', {
        params: { org: alias },
        query: { locale: locale ?? undefined },
        signal,
      });
      return bundles;
    },
  });
}

/** Where the browser goes to pay: the provider's page, or the portal's own test checkout. */
export type CheckoutSession = CheckoutSessionAnswer['checkoutSession'];

/**
 * POST /api/org/{alias}/bundle/{bundleId}/purchase (signed in): starts a checkout for
 * `quantity` seats. The server prices it; nothing sent here changes the amount.
 */
export async function purchaseBundle(
  alias: string,
  bundleId: string,
  body: { locale: string; quantity: number },
): Promise<CheckoutSession> {
  const { checkoutSession } = await call('purchase', { params: { org: alias, bundleId }, body });
  return checkoutSession;
}

/**
 * GET /api/org/{alias}/topic/{topicId}/bundles?locale: the bundles that would open a topic the
 * viewer may not see (its private-topic screen names them); `viewer` is part of the key.
 */
export function unlockingBundlesQuery(
  alias: string,
  topicId: string,
  locale: string | null,
  viewer: string,
) {
  return queryOptions({
    queryKey: ['bundles', alias, locale, viewer, 'unlocking', topicId] as const,
    queryFn: async ({ signal }) => {
      const { bundles } = await call('unlockingBundles', {
        params: { org: alias, topicId },
        query: { locale: locale ?? undefined },
        signal,
      });
      return bundles;
    },
  });
}
