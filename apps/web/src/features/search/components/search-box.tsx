import { useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SEARCH_MIN_LENGTH } from '../api/search-topics';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: search now, without waiting for the pause in typing. */
  onSubmit: () => void;
}

/** A labelled search landmark: the text box, a hint and a clear button. */
export function SearchBox({ value, onChange, onSubmit }: SearchBoxProps) {
  const intl = useIntl();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const label = intl.formatMessage({ id: 'search.label' });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  function clear() {
    onChange('');
    inputRef.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      clear();
    }
  }

  return (
    <form className="search-box" role="search" aria-label={label} onSubmit={handleSubmit}>
      <label className="search-box__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="search-box__field">
        <span className="search-box__icon" aria-hidden="true">
          ⌕
        </span>
        <input
          ref={inputRef}
          id={inputId}
          className="search-box__input"
          type="search"
          value={value}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        {value !== '' && (
          <button type="button" className="search-box__clear" onClick={clear}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">
              <FormattedMessage id="search.clear" />
            </span>
          </button>
        )}
      </div>
      <p id={hintId} className="search-box__hint">
        <FormattedMessage id="search.hint" values={{ min: SEARCH_MIN_LENGTH }} />
      </p>
    </form>
  );
}
