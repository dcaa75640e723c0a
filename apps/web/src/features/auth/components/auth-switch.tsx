import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { AuthMode } from '../../../lib/session/session-context';

export const AUTH_PATHS: Record<AuthMode, string> = {
  login: paths.signin,
  signup: paths.signup,
  forgot: paths.forgot,
};

interface AuthSwitchProps {
  to: AuthMode;
  /** In the dialog: switch its mode. On a page: none, and this is a link to the other page. */
  onSwitch?: (mode: AuthMode) => void;
  /** Between pages: a query string the other page keeps (an invitation's, say), with its "?". */
  search?: string;
  children: ReactNode;
}

/** Moves between log in, sign up and forgot password, in the dialog or between pages. */
export function AuthSwitch({ to, onSwitch, search = '', children }: AuthSwitchProps) {
  if (onSwitch) {
    return (
      <button type="button" className="link-button" onClick={() => onSwitch(to)}>
        {children}
      </button>
    );
  }
  return <Link to={`${AUTH_PATHS[to]}${search}`}>{children}</Link>;
}

/** An invitation's query (`?email=…&inviteId=…`), kept between sign-up and log in. */
export function inviteSearch(inviteId: string, email: string | undefined): string {
  const params = new URLSearchParams();
  if (email) params.set('email', email);
  params.set('inviteId', inviteId);
  return `?${params.toString()}`;
}
