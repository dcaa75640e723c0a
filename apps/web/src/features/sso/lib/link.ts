import { paths } from '../../../lib/paths';

/** /sso in link mode: the signed-in learner links the group's single sign-on to the account. */
export function linkModeAddress(groupId: string): string {
  return `${paths.sso}?oauth=${encodeURIComponent(groupId)}&link=1`;
}

/**
 * /signin, then back to /sso in link mode: the owner of a password account signs in with the
 * password, then links the group's single sign-on to it (design §11).
 */
export function linkAddress(groupId: string): string {
  return `${paths.signin}?returnTo=${encodeURIComponent(linkModeAddress(groupId))}`;
}
