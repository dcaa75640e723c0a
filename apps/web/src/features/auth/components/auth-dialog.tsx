import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ModalDialog } from '../../../components/modal-dialog';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import type { AuthMode } from '../../../lib/session/session-context';
import '../auth.css';
import { AUTH_PATHS } from './auth-switch';
import { ForgotForm } from './forgot-form';
import { InviteOnlyNotice } from './invite-only-notice';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

const TITLES = {
  login: 'auth.login.title',
  signup: 'auth.signup.title',
  forgot: 'auth.forgot.title',
} as const;

export interface AuthDialogProps {
  open: boolean;
  initialMode: AuthMode;
  onClose: () => void;
  onSignedIn?: () => void;
}

/**
 * The auth dialog: sign up (the default), log in and forgot password, switching between them
 * in place; each also has its full page. Logging in closes it and stays on the page; signing up
 * goes on to /topics, unless something waits on the sign-in (`onSignedIn`: a purchase), which
 * then goes on instead. The app loads it on demand (app/session/auth-dialog-host.tsx).
 */
export function AuthDialog({ open, initialMode, onClose, onSignedIn }: AuthDialogProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { org } = useOrganisation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const bodyRef = useRef<HTMLDivElement>(null);

  // The dialog opens on its close button; start on the form's first field instead, and again
  // after switching mode (the switch link is gone).
  useEffect(() => {
    if (!open) return;
    bodyRef.current
      ?.querySelector<HTMLElement>('input:not([readonly]):not([hidden]), a[href], button')
      ?.focus();
  }, [open, mode]);

  const signupIsOpen = !org.disableSelfSignup;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: TITLES[mode] })}
      closeLabel={intl.formatMessage({ id: 'auth.dialog.close' })}
    >
      <div ref={bodyRef} className="auth-dialog">
        {mode === 'login' && (
          <LoginForm
            onSwitch={setMode}
            onSignedIn={() => {
              onClose();
              onSignedIn?.();
            }}
          />
        )}
        {mode === 'signup' &&
          (signupIsOpen ? (
            <SignupForm
              onSwitch={setMode}
              onSignedUp={() => {
                onClose();
                // Something waits on the sign-in (a purchase): it goes on here, not at /topics.
                if (onSignedIn) onSignedIn();
                else navigate(paths.topics);
              }}
            />
          ) : (
            <InviteOnlyNotice onSwitch={setMode} />
          ))}
        {mode === 'forgot' && <ForgotForm onSwitch={setMode} />}
        <p className="auth-dialog__page-link">
          <Link to={AUTH_PATHS[mode]} onClick={onClose}>
            <FormattedMessage id="auth.dialog.openPage" />
          </Link>
        </p>
      </div>
    </ModalDialog>
  );
}
