import { PASSWORD_MIN, passwordChangeBodySchema, type AccountView } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { changePassword } from '../../../lib/api/account';
import { isApiError } from '../../../lib/api/client';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { serverFieldErrors } from '../logic/server-field-errors';

type Field = 'current' | 'password' | 'confirm';
const FIELDS: readonly Field[] = ['current', 'password', 'confirm'];
type Status = 'idle' | 'saving' | 'done' | { error: string };
const EMPTY: Record<Field, string> = { current: '', password: '', confirm: '' };

/**
 * Change password (issue 24): the current one, then the new one twice, checked with the
 * server's schema before sending; a wrong current password shows under its field. The other
 * sessions of the account end; this one stays.
 */
export function ChangePasswordForm({ account }: { account: AccountView }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<Status>('idle');

  if (account.user.id.isOAuthUser)
    return (
      <p className="profile-page__note">
        <FormattedMessage id="profile.password.sso" />
      </p>
    );

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    if (status !== 'saving') setStatus('idle');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'saving') return;
    const result = validateForm(passwordChangeBodySchema, values, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus('saving');
    try {
      await changePassword(org.alias, locale, result.data);
      setValues(EMPTY);
      setStatus('done');
    } catch (error) {
      const message = toMessage(error);
      const onFields = serverFieldErrors(
        isApiError(error) ? error.body?.errfor : undefined,
        FIELDS,
        message,
      );
      if (Object.keys(onFields).length) {
        flushSync(() => {
          setErrors(onFields);
          setStatus('idle');
        });
        focusFirstInvalid(formRef.current);
      } else setStatus({ error: message });
    }
  }

  return (
    <form ref={formRef} className="form profile-page__form" noValidate onSubmit={handleSubmit}>
      {typeof status === 'object' && (
        <ErrorBox>
          <p>{status.error}</p>
        </ErrorBox>
      )}
      {/* For password managers: the account the password belongs to. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={account.user.id.username}
        readOnly
        hidden
      />
      <TextField
        label={<FormattedMessage id="profile.password.current" />}
        name="current"
        type="password"
        autoComplete="current-password"
        required
        value={values.current}
        error={errors.current}
        onChange={(event) => change('current', event.target.value)}
      />
      <TextField
        label={<FormattedMessage id="profile.password.new" />}
        hint={<FormattedMessage id="profile.password.hint" values={{ min: PASSWORD_MIN }} />}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(event) => change('password', event.target.value)}
      />
      <TextField
        label={<FormattedMessage id="profile.password.confirm" />}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirm}
        error={errors.confirm}
        onChange={(event) => change('confirm', event.target.value)}
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={status === 'saving' || undefined}
        >
          {status === 'saving' && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage
            id={status === 'saving' ? 'profile.password.submitting' : 'profile.password.submit'}
          />
        </button>
      </div>
      {status === 'done' && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="profile.password.done" />
          </p>
        </NoticeBox>
      )}
    </form>
  );
}
