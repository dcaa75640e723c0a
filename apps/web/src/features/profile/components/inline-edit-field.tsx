import { useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useErrorMessage } from '../../../lib/use-error-message';
import { hasPendingEdit, initialInlineEdit, inlineEditReducer } from '../logic/inline-edit';

interface InlineEditFieldProps {
  label: string;
  /** The value the server has. */
  original: string;
  /** Saves `value` and answers what the server then has (it may trim it). */
  onSave: (value: string) => Promise<string>;
  autoComplete?: string;
  type?: 'text' | 'tel';
}

/** One inline-edited profile field (docs/product-spec.md §4): Enter saves, Escape or Cancel restores. */
export function InlineEditField({
  label,
  original,
  onSave,
  autoComplete,
  type = 'text',
}: InlineEditFieldProps) {
  const intl = useIntl();
  const toMessage = useErrorMessage();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, dispatch] = useReducer(inlineEditReducer, original, initialInlineEdit);
  const [announcement, setAnnouncement] = useState('');

  // Another field's save answers the whole account: take over a new server value when idle.
  const [seenOriginal, setSeenOriginal] = useState(original);
  if (seenOriginal !== original) {
    setSeenOriginal(original);
    dispatch({ type: 'sync', original });
  }

  const isPending = hasPendingEdit(state);
  const isSaving = state.status === 'saving';

  async function save() {
    if (state.status !== 'edited' && state.status !== 'error') return;
    dispatch({ type: 'save' });
    setAnnouncement('');
    try {
      const saved = await onSave(state.value);
      dispatch({ type: 'saved', value: saved });
      setAnnouncement(intl.formatMessage({ id: 'profile.savedField' }, { field: label }));
      inputRef.current?.focus();
    } catch (error) {
      dispatch({ type: 'failed', error: toMessage(error) });
    }
  }

  function cancel() {
    dispatch({ type: 'cancel' });
    inputRef.current?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && isPending) {
      event.preventDefault();
      cancel();
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form className="inline-edit" data-status={state.status} noValidate onSubmit={handleSubmit}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="inline-edit__row">
        <input
          ref={inputRef}
          id={id}
          className="field__input inline-edit__input"
          type={type}
          autoComplete={autoComplete}
          value={state.value}
          readOnly={isSaving}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={
            [state.error ? errorId : '', isPending ? hintId : ''].join(' ').trim() || undefined
          }
          onChange={(event) => dispatch({ type: 'change', value: event.target.value })}
          onKeyDown={handleKeyDown}
        />
        {isPending && (
          <div className="inline-edit__actions">
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={isSaving || undefined}
              aria-label={intl.formatMessage({ id: 'profile.saveField' }, { field: label })}
            >
              {isSaving && <span className="inline-spinner" aria-hidden="true" />}
              {isSaving ? (
                <FormattedMessage id="profile.savingField" />
              ) : (
                <FormattedMessage id="profile.save" />
              )}
            </button>
            <button
              type="button"
              className="button button--quiet"
              aria-disabled={isSaving || undefined}
              aria-label={intl.formatMessage({ id: 'profile.cancelField' }, { field: label })}
              onClick={() => !isSaving && cancel()}
            >
              <FormattedMessage id="profile.cancel" />
            </button>
          </div>
        )}
      </div>
      {isPending && (
        <p id={hintId} className="field__hint inline-edit__hint">
          <FormattedMessage id="profile.editHint" />
        </p>
      )}
      {state.error && (
        <p id={errorId} className="field__error" role="alert">
          {state.error}
        </p>
      )}
      <span className="visually-hidden" role="status">
        {isSaving ? intl.formatMessage({ id: 'profile.savingField' }) : announcement}
      </span>
    </form>
  );
}
