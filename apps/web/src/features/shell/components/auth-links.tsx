import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession, type AuthMode } from '../../../lib/session/session-context';

const AUTH_PAGES: readonly string[] = [paths.signin, paths.signup, paths.forgot];

/** The props that make a Login or Sign up link open the auth dialog (except on the auth pages). */
function useAuthDialogLinkProps() {
  const { pathname } = useLocation();
  const { openAuthDialog, preloadAuthDialog } = useSession();
  const isOnAuthPage = AUTH_PAGES.includes(pathname) || pathname.startsWith('/resetPassword/');

  function openDialog(mode: AuthMode) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      if (isOnAuthPage || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openAuthDialog(mode);
    };
  }

  return (mode: AuthMode) =>
    isOnAuthPage
      ? {}
      : {
          'aria-haspopup': 'dialog' as const,
          onClick: openDialog(mode),
          onPointerEnter: preloadAuthDialog,
          onFocus: preloadAuthDialog,
        };
}

/**
 * Logged out, in the header: Login, and Sign up unless the organisation disabled self signup
 * (on a phone Sign up moves into the Menu: `allowSignup` false here, SignupMenuLink there).
 * Each opens the auth dialog in its mode; they are links to the full pages too (a new tab, no
 * script), and on those pages they simply go there.
 */
export function AuthLinks({ allowSignup }: { allowSignup: boolean }) {
  const dialogProps = useAuthDialogLinkProps();
  return (
    <div className="auth-links">
      <Link className="button button--on-brand-outline" to={paths.signin} {...dialogProps('login')}>
        <FormattedMessage id="header.login" />
      </Link>
      {allowSignup && (
        <Link className="button button--on-brand" to={paths.signup} {...dialogProps('signup')}>
          <FormattedMessage id="header.signup" />
        </Link>
      )}
    </div>
  );
}

/** Sign up as an entry of the phone header's Menu. */
export function SignupMenuLink() {
  const dialogProps = useAuthDialogLinkProps();
  return (
    <Link
      className="button button--primary site-header__menu-signup"
      to={paths.signup}
      {...dialogProps('signup')}
    >
      <FormattedMessage id="header.signup" />
    </Link>
  );
}
