import { PASSWORD_MIN, resetBodySchema } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { resetPassword } from '../../../lib/api/auth';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useErrorMessage } from '../../../lib/use-error-message';
import { SubmitButton } from './submit-button';

type Field = 'password' | 'confirm';
type Status = 'idle' | 'loading' | 'done' | { error: string };

/** Reset password: password and confirm (the same), then a success message with a login link. */
export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<Status>('idle');
  const isBusy = status === 'loading';

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const result = validateForm(resetBodySchema, values, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus('loading');
    try {
      await resetPassword(org.alias, email, token, result.data);
      setStatus('done');
    } catch (error) {
      setStatus({ error: toMessage(error) });
    }
  }

  if (status === 'done') {
    return (
      <NoticeBox tone="success">
        <p>
          <FormattedMessage id="auth.reset.success" />
        </p>
        <p>
          <Link to={paths.signin}>
            <FormattedMessage id="auth.reset.loginLink" />
          </Link>
        </p>
      </NoticeBox>
    );
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={handleSubmit}>
      {typeof status === 'object' && (
        <ErrorBox>
          <p>{status.error}</p>
          <p>
            <Link to={paths.forgot}>
              <FormattedMessage id="auth.forgotLink" />
            </Link>
          </p>
        </ErrorBox>
      )}
      <p className="auth-form__note">
        <FormattedMessage id="auth.reset.intro" values={{ email: <strong>{email}</strong> }} />
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={<FormattedMessage id="auth.field.newPassword" />}
        hint={<FormattedMessage id="auth.passwordHint" values={{ min: PASSWORD_MIN }} />}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => change('password', event.target.value)}
      />
      <TextField
        label={<FormattedMessage id="auth.field.confirm" />}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirm}
        error={errors.confirm}
        onChange={(event) => change('confirm', event.target.value)}
      />
      <div className="form__actions">
        <SubmitButton
          isBusy={isBusy}
          label={<FormattedMessage id="auth.reset.submit" />}
          busyLabel={<FormattedMessage id="auth.reset.submitting" />}
        />
      </div>
    </form>
  );
}
