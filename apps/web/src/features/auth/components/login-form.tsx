import { loginBodySchema, type JoinedGroup } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox, focusErrorBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { login, oAuthGroupIdOf } from '../../../lib/api/auth';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import type { AuthMode } from '../../../lib/session/session-context';
import { useSession } from '../../../lib/session/session-context';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AuthSwitch, inviteSearch } from './auth-switch';
import { SubmitButton } from './submit-button';

type Field = 'username' | 'password';
type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'sso'; groupId: string };

interface LoginFormProps {
  /** After the whole login sequence (session's signIn): the caller redirects or closes the dialog. */
  /** After the sign-in; `joined` names the group an invitation sent along joined. */
  onSignedIn: (joined?: JoinedGroup) => void;
  onSwitch?: (mode: AuthMode) => void;
  /** From an invitation's sign-in link (`?email=`): filled in, and still editable. */
  initialUsername?: string;
  /** From an invitation (`?inviteId=`): sent with the login, so the account joins its group. */
  inviteId?: string;
}

/**
 * Login: username or email and password required; loading; the token is stored and the
 * organisation, account, bundles and workbook reload; then `onSignedIn`. An SSO account gets a
 * prompt to its single sign-on instead of an error.
 */
export function LoginForm({ onSignedIn, onSwitch, initialUsername, inviteId }: LoginFormProps) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { signIn } = useSession();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    username: initialUsername ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const isBusy = status.kind === 'loading';

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const result = validateForm(loginBodySchema, values, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus({ kind: 'loading' });
    try {
      // In the learner's locale: the group an invitation joins is named in it ("You joined …").
      const { token, joined } = await login(
        org.alias,
        { ...result.data, ...(inviteId && { inviteId }) },
        locale,
      );
      await signIn(token);
      onSignedIn(joined);
    } catch (error) {
      const groupId = oAuthGroupIdOf(error);
      // A wrong password: focus goes to the error, so it is read and the form is right below.
      flushSync(() =>
        setStatus(
          groupId ? { kind: 'sso', groupId } : { kind: 'error', message: toMessage(error) },
        ),
      );
      focusErrorBox(formRef.current);
    }
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {status.kind === 'error' && <ErrorBox focusable>{status.message}</ErrorBox>}
      {status.kind === 'sso' && (
        <div className="message-box message-box--info" role="alert">
          <p>
            <FormattedMessage id="auth.sso.prompt" />
          </p>
          <p>
            <Link
              className="button button--primary"
              to={`${paths.sso}?oauth=${encodeURIComponent(status.groupId)}`}
            >
              <FormattedMessage id="auth.sso.continue" />
            </Link>
          </p>
        </div>
      )}
      {inviteId && (
        <p className="auth-form__note">
          <FormattedMessage id="auth.invitedLogin" />
        </p>
      )}
      <TextField
        label={<FormattedMessage id="auth.field.usernameOrEmail" />}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        error={errors.username}
        onChange={(event) => change('username', event.target.value)}
      />
      <TextField
        label={<FormattedMessage id="auth.field.password" />}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => change('password', event.target.value)}
      />
      <div className="form__actions">
        <SubmitButton
          isBusy={isBusy}
          label={<FormattedMessage id="auth.login.submit" />}
          busyLabel={<FormattedMessage id="auth.login.submitting" />}
        />
        <AuthSwitch to="forgot" onSwitch={onSwitch}>
          <FormattedMessage id="auth.forgotLink" />
        </AuthSwitch>
      </div>
      {!org.disableSelfSignup && (
        <p className="auth-form__alternative">
          <FormattedMessage id="auth.noAccount" />{' '}
          <AuthSwitch
            to="signup"
            onSwitch={onSwitch}
            search={inviteId ? inviteSearch(inviteId, initialUsername) : ''}
          >
            <FormattedMessage id="auth.createAccount" />
          </AuthSwitch>
        </p>
      )}
    </form>
  );
}
