import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuthMode } from '../../../app/session/session-context';
import { paths } from '../../../lib/paths';

export const AUTH_PATHS: Record<AuthMode, string> = {
  login: paths.signin,
  signup: paths.signup,
  forgot: paths.forgot,
};

interface AuthSwitchProps {
  to: AuthMode;
  /** In the dialog: switch its mode. On a page: none, and this is a link to the other page. */
  onSwitch?: (mode: AuthMode) => void;
  children: ReactNode;
}

/** Moves between log in, sign up and forgot password, in the dialog or between pages. */
export function AuthSwitch({ to, onSwitch, children }: AuthSwitchProps) {
  if (onSwitch) {
    return (
      <button type="button" className="link-button" onClick={() => onSwitch(to)}>
        {children}
      </button>
    );
  }
  return <Link to={AUTH_PATHS[to]}>{children}</Link>;
}
