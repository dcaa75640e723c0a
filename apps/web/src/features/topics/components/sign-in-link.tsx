import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';

/**
 * A link to /signin that, on a plain click, opens the sign-in dialog instead, so the learner
 * stays where they are and sees the topic once signed in. A modified click opens the page.
 */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  const { openAuthDialog, preloadAuthDialog } = useSession();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    openAuthDialog('login');
  }

  return (
    <Link
      className={className}
      to={paths.signin}
      aria-haspopup="dialog"
      onClick={handleClick}
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
    >
      {children}
    </Link>
  );
}
