import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { isApiError } from '../lib/api/client';
import { useSession } from '../lib/session/session-context';
import { STORAGE_KEYS, writeStored } from '../lib/storage';
import { useErrorMessage } from '../lib/use-error-message';
import { ErrorBox } from './message-box';
import { ModalDialog } from './modal-dialog';
import { TextField } from './text-field';

interface PasswordConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  closeLabel: string;
  /** What confirming does, said before the password. */
  children: ReactNode;
  passwordLabel: ReactNode;
  passwordHint?: ReactNode;
  /**
   * For an account of single sign-on, which has no password: a log-in of the last minutes
   * confirms instead (the server's FRESH_SIGN_IN_MS), and this says so.
   */
  freshSignInNote: ReactNode;
  confirmLabel: ReactNode;
  pendingLabel: ReactNode;
  cancelLabel: ReactNode;
  /** Does what is confirmed; a refusal shows, under the password when the answer names it. */
  onConfirm: (password: string | undefined) => Promise<void>;
  onClose: () => void;
}

/**
 * A destructive change confirmed by the signed-in person's own password (docs/design.md §18:
 * erasing an account): the password, or for an account of single sign-on a recent log-in, with
 * a way to log in again and come back here. It opens on the password (without one, on Cancel);
 * a wrong password shows under its field, which takes the focus back.
 */
export function PasswordConfirmDialog({
  open,
  title,
  closeLabel,
  onClose,
  ...form
}: PasswordConfirmDialogProps) {
  const bodyRef = useRef<HTMLDivElement>(null);

  // The dialog opens on its close button (its effect runs before this one): start on the
  // password instead, or without one on Cancel.
  useEffect(() => {
    if (open) bodyRef.current?.querySelector<HTMLElement>('[data-first-focus]')?.focus();
  }, [open]);

  return (
    <ModalDialog open={open} onClose={onClose} title={title} closeLabel={closeLabel}>
      {/* Mounted while open: each opening starts with an empty password and no error. */}
      <div ref={bodyRef}>{open && <ConfirmForm {...form} onClose={onClose} />}</div>
    </ModalDialog>
  );
}

function ConfirmForm({
  children,
  passwordLabel,
  passwordHint,
  freshSignInNote,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: Omit<PasswordConfirmDialogProps, 'open' | 'title' | 'closeLabel'>) {
  const intl = useIntl();
  const { account, signOut } = useSession();
  const location = useLocation();
  const toMessage = useErrorMessage();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const hasPassword = !account?.user.id.isOAuthUser;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (hasPassword && !password) {
      flushSync(() => setFieldError(intl.formatMessage({ id: 'form.required' })));
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      // Once done, whoever opened the dialog moves on (it closes, or the page changes).
      await onConfirm(hasPassword ? password : undefined);
    } catch (failure) {
      const message = toMessage(failure);
      const isOnField = hasPassword && isApiError(failure) && !!failure.body?.errfor?.password;
      flushSync(() => {
        setBusy(false);
        if (isOnField) setFieldError(message);
        else setError(message);
      });
      if (isOnField) {
        fieldRef.current?.focus();
        fieldRef.current?.select();
      }
    }
  }

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <div>{children}</div>
      {error && (
        <ErrorBox>
          <p>{error}</p>
        </ErrorBox>
      )}
      {hasPassword ? (
        <>
          {/* For password managers: the account the password belongs to. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={account?.user.id.username ?? ''}
            readOnly
            hidden
          />
          <TextField
            ref={fieldRef}
            label={passwordLabel}
            hint={passwordHint}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            data-first-focus=""
            value={password}
            error={fieldError}
            onChange={(e) => {
              setPassword(e.target.value);
              setFieldError(undefined);
            }}
          />
        </>
      ) : (
        <div className="message-box message-box--info">
          <p>{freshSignInNote}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              // The single sign-on's callback comes back here (features/sso).
              writeStored(STORAGE_KEYS.oAuthOriginUrl, `${location.pathname}${location.search}`);
              void signOut();
            }}
          >
            <FormattedMessage id="privacy.logInAgain" />
          </button>
        </div>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--danger" aria-disabled={busy || undefined}>
          {busy && <span className="inline-spinner" aria-hidden="true" />}
          {busy ? pendingLabel : confirmLabel}
        </button>
        <button
          type="button"
          {...(!hasPassword && { 'data-first-focus': '' })}
          className="button button--secondary"
          onClick={onClose}
        >
          {cancelLabel}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {busy ? pendingLabel : null}
      </span>
    </form>
  );
}
