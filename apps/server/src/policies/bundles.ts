import type { Visibility } from '@portal/domain';
import { invalid, unauthenticated } from '../services/errors';
import { reachesGroup } from './groups';
import { canSeeTopic } from './topics';
import { isSignedIn, type Viewer } from './viewer';

/**
 * Bundles, with their long descriptions, are shown to everyone, visitors included: the store is
 * how a visitor learns what a bundle holds before signing up to buy it.
 */
export const canSeeBundle = (_viewer: Viewer): boolean => true;

/**
 * A learner owns a bundle when they belong to the user group it grants, or to a cohort under it
 * (a seat a buyer gave them, or the cohort of their own seats).
 */
export const ownsBundle = (viewer: Viewer, bundle: { userGroup: string }): boolean =>
  reachesGroup(viewer, bundle.userGroup);

/**
 * Who may buy: any signed-in learner of the organisation. A learner who already has the
 * bundle's group may not buy it again for themselves (one seat), but may buy seats for a team
 * (two or more: their cohort).
 */
export function assertMayBuy(
  viewer: Viewer,
  bundle: { userGroup: string },
  quantity: number,
): asserts viewer is Viewer & { userId: string } {
  if (!isSignedIn(viewer)) throw unauthenticated('signInRequired');
  if (ownsBundle(viewer, bundle) && quantity === 1) throw invalid('alreadyPurchased');
}

/**
 * An order is seen, paid and cancelled only by the learner who made it; anyone else is answered
 * as if it did not exist (404), so order ids reveal nothing.
 */
export const ownsOrder = (viewer: Viewer, order: { userId: string }): boolean =>
  viewer.userId !== null && viewer.userId === order.userId;

/**
 * The bundles that would open a topic the viewer may not see (issue 24): those granting one of
 * the user groups that grant the topic. Bundles are public (canSeeBundle); nothing of the topic
 * is told but that it exists, which its 401 or 403 already says. None for a topic the viewer may
 * see.
 */
export function bundlesUnlocking<B extends { userGroup: string }>(
  viewer: Viewer,
  topic: { _id: string; visibility: Visibility },
  grantingGroupIds: readonly string[],
  bundles: readonly B[],
): B[] {
  if (canSeeTopic(viewer, topic)) return [];
  return bundles.filter((bundle) => grantingGroupIds.includes(bundle.userGroup));
}
