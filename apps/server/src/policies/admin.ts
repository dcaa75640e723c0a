import { forbidden, unauthenticated } from '../services/errors';
import { isSignedIn, type Viewer } from './viewer';

/**
 * The organisation console (docs/design.md §13, §15): the organisation's administrators, and
 * nobody else (an author is not one). Every console route's use case starts with
 * `assertMayAdminister`; the web only hides the console from those this refuses.
 */
export const mayAdminister = (viewer: Viewer): boolean => viewer.roles.has('admin');

/** The administrator's account id; 401 without a session, 403 for anyone but an administrator. */
export function assertMayAdminister(viewer: Viewer): string {
  if (!isSignedIn(viewer)) throw unauthenticated('signInRequired');
  if (!mayAdminister(viewer)) throw forbidden('adminForbidden');
  return viewer.userId;
}
