import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession, type AuthMode } from '../../../lib/session/session-context';

const AUTH_PAGES: readonly string[] = [paths.signin, paths.signup, paths.forgot];

/**
 * Logged out, in the header: Login, and Sign up unless the organisation disabled self signup.
 * Each opens the auth dialog in its mode; they are links to the full pages too (a new tab, no
 * script), and on those pages they simply go there.
 */
export function AuthLinks({ allowSignup }: { allowSignup: boolean }) {
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

  const dialogProps = (mode: AuthMode) =>
    isOnAuthPage
      ? {}
      : {
          'aria-haspopup': 'dialog' as const,
          onClick: openDialog(mode),
          onPointerEnter: preloadAuthDialog,
          onFocus: preloadAuthDialog,
        };

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
