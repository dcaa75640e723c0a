import { forgotBodySchema } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { requestPasswordReset } from '../../../lib/api/auth';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import type { AuthMode } from '../../../lib/session/session-context';
import { useErrorMessage } from '../../../lib/use-error-message';
import { AuthSwitch } from './auth-switch';
import { SubmitButton } from './submit-button';

type Status = 'idle' | 'loading' | { sentTo: string } | { error: string };

/**
 * Forgot password: email required and an email; idle, loading, success (the same message
 * whether or not the address has an account), or an error shown above the form. It switches
 * back to log in, or to sign up when the organisation allows it.
 */
export function ForgotForm({ onSwitch }: { onSwitch?: (mode: AuthMode) => void }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [status, setStatus] = useState<Status>('idle');
  const isBusy = status === 'loading';
  // docs/product-spec.md §2: forgot password can switch to log in or to sign up (when open).
  const signUp = !org.disableSelfSignup && (
    <p className="auth-form__alternative">
      <FormattedMessage id="auth.noAccount" />{' '}
      <AuthSwitch to="signup" onSwitch={onSwitch}>
        <FormattedMessage id="auth.createAccount" />
      </AuthSwitch>
    </p>
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const result = validateForm(forgotBodySchema, { email }, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus('loading');
    try {
      await requestPasswordReset(org.alias, result.data.email, locale);
      setStatus({ sentTo: result.data.email });
    } catch (error) {
      setStatus({ error: toMessage(error) });
    }
  }

  if (typeof status === 'object' && 'sentTo' in status) {
    return (
      <div className="form">
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="auth.forgot.success" values={{ email: status.sentTo }} />
          </p>
        </NoticeBox>
        <p>
          <AuthSwitch to="login" onSwitch={onSwitch}>
            <FormattedMessage id="auth.backToLogin" />
          </AuthSwitch>
        </p>
        {signUp}
      </div>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {typeof status === 'object' && <ErrorBox>{status.error}</ErrorBox>}
      <p className="auth-form__note">
        <FormattedMessage id="auth.forgot.intro" />
      </p>
      <TextField
        label={<FormattedMessage id="auth.field.email" />}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors({});
        }}
      />
      <div className="form__actions">
        <SubmitButton
          isBusy={isBusy}
          label={<FormattedMessage id="auth.forgot.submit" />}
          busyLabel={<FormattedMessage id="auth.forgot.submitting" />}
        />
        <AuthSwitch to="login" onSwitch={onSwitch}>
          <FormattedMessage id="auth.backToLogin" />
        </AuthSwitch>
      </div>
      {signUp}
    </form>
  );
}
