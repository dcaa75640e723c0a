import { MESSAGE_MAX_LENGTH } from '@portal/domain';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../../components/message-box';

/** The counter shows once a message comes this close to the longest allowed. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

interface ComposeFormProps {
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Sends the (trimmed, non-empty) body. */
  onSend: (body: string) => void;
  isSending: boolean;
  /** Why the last send failed, shown above the form. */
  sendError: string | null;
}

/**
 * Writing a message (docs/product-spec.md §4, §5): an empty body is not sent, the form is
 * blocked while a message is sent (the textarea read-only and Send marked disabled, so focus
 * stays where it was), a counter near the longest message. Enter makes a new line; Ctrl+Enter
 * (⌘+Enter) sends.
 */
export function ComposeForm({
  draft,
  onDraftChange,
  onSend,
  isSending,
  sendError,
}: ComposeFormProps) {
  const intl = useIntl();
  const ids = { input: useId(), hint: useId(), error: useId(), counter: useId() };
  const [problem, setProblem] = useState<'empty' | 'tooLong' | null>(null);
  const length = draft.trim().length;
  const showCounter = length >= COUNTER_FROM;

  function submit() {
    if (isSending) return;
    const body = draft.trim();
    if (!body) {
      setProblem('empty');
      return;
    }
    if (body.length > MESSAGE_MAX_LENGTH) {
      setProblem('tooLong');
      return;
    }
    setProblem(null);
    onSend(body);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  }

  const describedBy = [problem && ids.error, ids.hint, showCounter && ids.counter]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="messages-compose" onSubmit={handleSubmit} noValidate>
      {sendError && <ErrorBox>{sendError}</ErrorBox>}
      <label className="field__label" htmlFor={ids.input}>
        <FormattedMessage id="messages.compose.label" />
      </label>
      <textarea
        id={ids.input}
        className="field__input messages-compose__input"
        rows={3}
        value={draft}
        readOnly={isSending}
        aria-invalid={problem !== null}
        aria-describedby={describedBy}
        onChange={(event) => {
          onDraftChange(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={handleKeyDown}
      />
      {problem && (
        <p id={ids.error} className="field__error">
          {problem === 'empty'
            ? intl.formatMessage({ id: 'messages.compose.empty' })
            : intl.formatMessage(
                { id: 'messages.compose.tooLong' },
                { max: intl.formatNumber(MESSAGE_MAX_LENGTH) },
              )}
        </p>
      )}
      <p id={ids.hint} className="field__hint messages-compose__hint">
        <FormattedMessage id="messages.compose.hint" />
      </p>
      <div className="messages-compose__actions">
        {showCounter && (
          <p
            id={ids.counter}
            className={`messages-compose__counter${length > MESSAGE_MAX_LENGTH ? ' messages-compose__counter--over' : ''}`}
            aria-live="polite"
          >
            {length > MESSAGE_MAX_LENGTH
              ? intl.formatMessage(
                  { id: 'messages.compose.over' },
                  { count: length - MESSAGE_MAX_LENGTH },
                )
              : intl.formatMessage(
                  { id: 'messages.compose.left' },
                  { count: MESSAGE_MAX_LENGTH - length },
                )}
          </p>
        )}
        <button type="submit" className="button button--primary" aria-disabled={isSending}>
          <FormattedMessage id={isSending ? 'messages.compose.sending' : 'messages.compose.send'} />
        </button>
      </div>
    </form>
  );
}
