import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  localeName,
  ownTextIn,
  untranslatedLocales,
  withText,
  type Localised,
} from '../model/localised';
import { MiniRichText } from './mini-rich-text';

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="studio-inspector__error">
      {message}
    </p>
  );
}

interface LocaleTextProps {
  label: string;
  value: Localised | undefined;
  locales: readonly string[];
  onChange: (value: Localised) => void;
  error?: string;
  rich?: boolean;
}

/** One text in every locale, side by side, each untranslated one marked with a word. */
export function LocaleText({
  label,
  value,
  locales,
  onChange,
  error,
  rich = false,
}: LocaleTextProps) {
  const intl = useIntl();
  const id = useId();
  const missing = untranslatedLocales(value, locales);
  return (
    <fieldset
      className="studio-inspector__locales"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      <div className="studio-inspector__locale-grid">
        {locales.map((locale) => {
          const name = localeName(locale, intl.locale);
          const inputLabel = `${label} (${name})`;
          const text = ownTextIn(value, locale, locales);
          const change = (next: string) => onChange(withText(value, locale, next, locales));
          return (
            <div key={locale} className="studio-inspector__locale" lang={locale}>
              <span className="studio-inspector__locale-name" aria-hidden="true">
                {name}
                {missing.includes(locale) && (
                  <span className="studio-editor-untranslated">
                    {intl.formatMessage({ id: 'studio.editor.untranslated' })}
                  </span>
                )}
              </span>
              {rich ? (
                <MiniRichText label={inputLabel} value={text} lang={locale} onChange={change} />
              ) : (
                <input
                  className="studio-inspector__input"
                  aria-label={
                    missing.includes(locale)
                      ? `${inputLabel}, ${intl.formatMessage({ id: 'studio.editor.untranslated' })}`
                      : inputLabel
                  }
                  aria-invalid={error ? true : undefined}
                  value={text}
                  onChange={(event) => change(event.target.value)}
                />
              )}
            </div>
          );
        })}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

interface NumberInputProps {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string;
  hint?: ReactNode;
}

/** A number, or nothing; what is not a number stays in the box with a message and is not applied. */
export function NumberInput({ label, value, onChange, error, hint }: NumberInputProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The value changed from outside (an undo): show it.
    setShown(value);
    if (value !== parse(text)) setText(value === undefined ? '' : String(value));
  }
  const parsed = parse(text);
  const ownError = Number.isNaN(parsed)
    ? intl.formatMessage({ id: 'studio.editor.inspector.notNumber' })
    : undefined;
  const message = ownError ?? error;
  return (
    <div className="studio-inspector__row">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="studio-inspector__input studio-inspector__input--number"
        inputMode="decimal"
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const next = parse(event.target.value);
          if (!Number.isNaN(next)) {
            setShown(next);
            onChange(next);
          }
        }}
      />
      {hint}
      <ErrorText id={`${id}-error`} message={message} />
    </div>
  );
}

function parse(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

export function TextInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="studio-inspector__row">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="studio-inspector__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
