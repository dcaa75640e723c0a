import { forbidden, unauthenticated } from '../services/errors';
import { isSignedIn, type Viewer } from './viewer';

/**
 * The authoring studio (docs/design.md §13-14): the organisation's authors and administrators,
 * and nobody else. Every studio route's use case starts with `assertMayAuthor`; the web only hides
 * the studio from those this refuses.
 */
export const mayAuthor = (viewer: Viewer): boolean =>
  viewer.roles.has('author') || viewer.roles.has('admin');

/** The author's account id; 401 without a session, 403 for anyone but an author or administrator. */
export function assertMayAuthor(viewer: Viewer): string {
  if (!isSignedIn(viewer)) throw unauthenticated('signInRequired');
  if (!mayAuthor(viewer)) throw forbidden('studioForbidden');
  return viewer.userId;
}
