import { emailChangeBodySchema, type AccountView } from '@portal/domain';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { TextField } from '../../../components/text-field';
import { requestEmailChange } from '../../../lib/api/account';
import { isApiError } from '../../../lib/api/client';
import { focusFirstInvalid, validateForm, type FieldErrors } from '../../../lib/form-validation';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { serverFieldErrors } from '../logic/server-field-errors';

type Field = 'email';
type Status = 'idle' | 'sending' | { sent: string } | { error: string };

/**
 * Change email (issue 24): a link goes to the new address and the account takes it only once
 * the link is followed (/confirmEmail/{token}). An account of single sign-on is told why it
 * cannot change it here.
 */
export function ChangeEmailForm({ account }: { account: AccountView }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<Status>('idle');

  if (account.user.id.isOAuthUser)
    return (
      <p className="profile-page__note">
        <FormattedMessage id="profile.email.sso" />
      </p>
    );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const result = validateForm(emailChangeBodySchema, { email }, intl);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setStatus('sending');
    try {
      await requestEmailChange(org.alias, locale, result.data.email);
      setEmail('');
      setStatus({ sent: result.data.email });
    } catch (error) {
      const message = toMessage(error);
      const onField = serverFieldErrors(
        isApiError(error) ? error.body?.errfor : undefined,
        ['email'],
        message,
      );
      if (onField.email) {
        flushSync(() => {
          setErrors(onField);
          setStatus('idle');
        });
        focusFirstInvalid(formRef.current);
      } else setStatus({ error: message });
    }
  }

  return (
    <form ref={formRef} className="form profile-page__form" noValidate onSubmit={handleSubmit}>
      {typeof status === 'object' && 'error' in status && (
        <ErrorBox>
          <p>{status.error}</p>
        </ErrorBox>
      )}
      <TextField
        label={<FormattedMessage id="profile.email.new" />}
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
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={status === 'sending' || undefined}
        >
          {status === 'sending' && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage
            id={status === 'sending' ? 'profile.email.submitting' : 'profile.email.submit'}
          />
        </button>
      </div>
      {typeof status === 'object' && 'sent' in status && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage
              id="profile.email.sent"
              values={{ email: <strong>{status.sent}</strong> }}
            />
          </p>
        </NoticeBox>
      )}
    </form>
  );
}
