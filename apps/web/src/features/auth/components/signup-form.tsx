import { PASSWORD_MIN, signupBodySchema, type JoinedGroup } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { signup } from '../../../lib/api/auth';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import type { AuthMode } from '../../../lib/session/session-context';
import { useSession } from '../../../lib/session/session-context';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AuthSwitch, inviteSearch } from './auth-switch';
import { SubmitButton } from './submit-button';

type Field = 'username' | 'email' | 'password' | 'first' | 'last';

interface SignupFormProps {
  /** From an invitation (`?email=`): filled in and locked. */
  lockedEmail?: string;
  /** From an invitation (`?inviteId=`): sent along, so the account joins the invited group. */
  inviteId?: string;
  /** After the whole signup sequence (session's signIn): the caller goes to /topics. */
  /** After the sign-up; `joined` names the group the invitation joined. */
  onSignedUp: (joined?: JoinedGroup) => void;
  onSwitch?: (mode: AuthMode) => void;
}

/**
 * Signup: username, email and password required, first and last name optional; then the
 * account is created, the token stored, the organisation and account reloaded, the
 * visitor's workbook saved to the account and the workbook reloaded.
 */
export function SignupForm({ lockedEmail, inviteId, onSignedUp, onSwitch }: SignupFormProps) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { signIn } = useSession();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: lockedEmail ?? '',
    password: '',
    first: '',
    last: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<'idle' | 'loading' | { error: string }>('idle');
  const isBusy = status === 'loading';
  const agreementUrl = org.userSignUpAgreement?.url;

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const body = {
      username: values.username,
      email: lockedEmail ?? values.email,
      password: values.password,
      ...(values.first.trim() && { first: values.first }),
      ...(values.last.trim() && { last: values.last }),
      ...(inviteId && { inviteId }),
    };
    const result = validateForm(signupBodySchema, body as Record<Field, unknown>, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus('loading');
    try {
      // In the learner's locale: the group an invitation joins is named in it ("You joined …").
      const { token, joined } = await signup(org.alias, result.data, locale);
      await signIn(token, { saveAnonymousWorkbook: true });
      onSignedUp(joined);
    } catch (error) {
      setStatus({ error: toMessage(error) });
    }
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {typeof status === 'object' && <ErrorBox>{status.error}</ErrorBox>}
      {inviteId && (
        <p className="auth-form__note">
          <FormattedMessage id="auth.invited" />
        </p>
      )}
      <TextField
        label={<FormattedMessage id="auth.field.username" />}
        hint={<FormattedMessage id="auth.usernameHint" />}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...field('username')}
      />
      <TextField
        label={<FormattedMessage id="auth.field.email" />}
        hint={lockedEmail ? <FormattedMessage id="auth.emailLocked" /> : undefined}
        type="email"
        autoComplete="email"
        required
        readOnly={lockedEmail !== undefined}
        {...field('email')}
      />
      <TextField
        label={<FormattedMessage id="auth.field.password" />}
        hint={<FormattedMessage id="auth.passwordHint" values={{ min: PASSWORD_MIN }} />}
        type="password"
        autoComplete="new-password"
        required
        {...field('password')}
      />
      <div className="form__row">
        <TextField
          label={<FormattedMessage id="auth.field.first" />}
          autoComplete="given-name"
          {...field('first')}
        />
        <TextField
          label={<FormattedMessage id="auth.field.last" />}
          autoComplete="family-name"
          {...field('last')}
        />
      </div>
      {agreementUrl && (
        <p className="auth-form__note">
          <FormattedMessage
            id="auth.agreement"
            values={{
              link: (chunks) => (
                <a href={agreementUrl} target="_blank" rel="noopener noreferrer">
                  {chunks}
                  <span className="visually-hidden">
                    {' '}
                    <FormattedMessage id="app.opensInNewTab" />
                  </span>
                </a>
              ),
            }}
          />
        </p>
      )}
      <div className="form__actions">
        <SubmitButton
          isBusy={isBusy}
          label={<FormattedMessage id="auth.signup.submit" />}
          busyLabel={<FormattedMessage id="auth.signup.submitting" />}
        />
      </div>
      <p className="auth-form__alternative">
        <FormattedMessage id="auth.haveAccount" />{' '}
        <AuthSwitch
          to="login"
          onSwitch={onSwitch}
          search={inviteId ? inviteSearch(inviteId, lockedEmail) : ''}
        >
          <FormattedMessage id="auth.loginLink" />
        </AuthSwitch>
      </p>
    </form>
  );
}
