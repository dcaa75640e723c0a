import { useId } from 'react';
import { useIntl } from 'react-intl';
import { languageName, textIn, withText, type LocalisedText } from '../../../lib/localised-text';

interface LocalisedInputProps {
  label: string;
  value: LocalisedText | undefined;
  locales: readonly string[];
  onChange: (value: Record<string, string>) => void;
  multiline?: boolean;
  required?: boolean;
}

/** One text in each of the organisation's locales, side by side (stacked on a phone). */
export function LocalisedInput({
  label,
  value,
  locales,
  onChange,
  multiline,
  required,
}: LocalisedInputProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <fieldset className="admin-localised">
      <legend className="field__label">{label}</legend>
      <div className="admin-localised__locales">
        {locales.map((locale) => {
          const props = {
            id: `${id}-${locale}`,
            lang: locale,
            className: 'field__input',
            value: textIn(value, locale),
            required: required && locale === locales[0],
            onChange: (event: { target: { value: string } }) =>
              onChange(withText(value, locale, event.target.value, locales)),
          };
          return (
            <div key={locale} className="field">
              <label className="admin-localised__language" htmlFor={props.id}>
                {languageName(locale, intl.locale)}
              </label>
              {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

interface TextInputProps {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'number';
  hint?: string;
  error?: string;
  min?: number;
  max?: number;
}

/** A labelled input with its hint and error tied to it. */
export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
  ...rest
}: TextInputProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="field__input"
        type={type}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="admin-toggle">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
