import { pastedEmails, type BulkInviteAnswer } from '@portal/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useErrorText } from '../../../lib/use-error-text';
import { bulkInvite } from '../api/invitations';

/**
 * Invite people by pasted emails: each address gets a seat while seats last; what could not be
 * sent is listed with why, and the invalid ones stay in the field to be corrected.
 */
export function InviteForm({
  groupId,
  free,
  onChanged,
}: {
  groupId: string;
  free: number;
  onChanged: () => Promise<void>;
}) {
  const errorText = useErrorText();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const id = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkInviteAnswer>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (pastedEmails(text).length === 0) {
      setError(errorText('pasteEmails'));
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await bulkInvite(org.alias, groupId, { emails: text, locale });
      setOutcome(answer);
      // What could not be sent for a reason the sender can fix stays in the field.
      setText(
        answer.skipped
          .filter((s) => s.reason === 'invalid')
          .map((s) => s.email)
          .join('\n'),
      );
      await onChanged();
      resultRef.current?.focus();
    } catch (failure) {
      setError(toMessage(failure));
      fieldRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="group-invite-form" noValidate onSubmit={(e) => void submit(e)}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          <FormattedMessage id="invitations.form.label" />
        </label>
        <p id={`${id}-hint`} className="field__hint">
          <FormattedMessage id="invitations.form.hint" values={{ free }} />
        </p>
        <textarea
          ref={fieldRef}
          id={id}
          className="field__input group-invite-form__emails"
          rows={4}
          spellCheck={false}
          autoComplete="off"
          value={text}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
        {busy && <span className="inline-spinner" aria-hidden="true" />}
        <FormattedMessage id={busy ? 'invitations.form.sending' : 'invitations.form.send'} />
      </button>
      <div ref={resultRef} tabIndex={-1} className="group-invite-form__result">
        {outcome && (
          <>
            <NoticeBox tone={outcome.invited.length ? 'success' : 'info'}>
              <p>
                <FormattedMessage
                  id="invitations.form.sent"
                  values={{ count: outcome.invited.length }}
                />
              </p>
            </NoticeBox>
            {outcome.skipped.length > 0 && (
              <ErrorBox>
                <p>
                  <FormattedMessage
                    id="invitations.form.skipped"
                    values={{ count: outcome.skipped.length }}
                  />
                </p>
                <ul className="group-invite-form__skipped">
                  {outcome.skipped.map((s, i) => (
                    <li key={`${s.email}-${i}`}>
                      <span className="group-invite-form__email">{s.email}</span>:{' '}
                      <FormattedMessage id={`invitations.form.reason.${s.reason}`} />
                    </li>
                  ))}
                </ul>
              </ErrorBox>
            )}
          </>
        )}
      </div>
    </form>
  );
}
