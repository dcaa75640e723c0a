import { flashState } from '../../lib/flash';
import { paths } from '../../lib/paths';
import type { SignOutOptions } from '../../lib/session/session-context';

/**
 * Where signing out ends: /signin (saying why after the idle timeout or an erasure), or the
 * single sign-on of `ssoGroupId` for a learner who logs in through it; `returnTo` comes back
 * after the next log-in.
 */
export function signOutTarget(
  { idle = false, erased = false, returnTo }: SignOutOptions,
  ssoGroupId: string | null,
): { to: string; state?: ReturnType<typeof flashState>; ssoReturnTo?: string } {
  if (erased) return { to: paths.signin, state: flashState('erased') };
  if (idle) return { to: `${paths.signin}?timeout=1` };
  if (ssoGroupId)
    return {
      to: `${paths.sso}?oauth=${encodeURIComponent(ssoGroupId)}`,
      ...(returnTo && { ssoReturnTo: returnTo }),
    };
  return {
    to: returnTo ? `${paths.signin}?returnTo=${encodeURIComponent(returnTo)}` : paths.signin,
  };
}
