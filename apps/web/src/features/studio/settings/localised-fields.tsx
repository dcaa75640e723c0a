import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import { MiniRichText } from '../editor/inspector/mini-rich-text';
import {
  isUntranslated,
  languageName,
  textIn,
  withText,
  type LocalisedText,
} from '../lib/localised';

interface LocalisedFieldsProps {
  label: string;
  value: LocalisedText | undefined;
  onChange: (value: Record<string, string>) => void;
  multiline?: boolean;
  /** Author HTML (a description): a small rich-text box per locale instead of a plain one. */
  rich?: boolean;
}

/**
 * One text in every locale of the organisation, side by side (stacked on a phone); a locale left
 * empty while another is written is marked "untranslated".
 */
export function LocalisedFields({ label, value, onChange, multiline, rich }: LocalisedFieldsProps) {
  const { org, locale } = useOrganisation();
  const id = useId();
  const untranslated = isUntranslated(value, org.locales);
  return (
    <fieldset className="studio-localised">
      <legend className="field__label">{label}</legend>
      <div className="studio-localised__locales">
        {org.locales.map((each) => {
          const text = textIn(value, each);
          const isMissing = untranslated && !text.trim();
          const inputId = `${id}-${each}`;
          const props = {
            id: inputId,
            lang: each,
            className: 'field__input',
            value: text,
            'aria-describedby': isMissing ? `${inputId}-missing` : undefined,
            onChange: (event: { target: { value: string } }) =>
              onChange(withText(value, each, event.target.value, org.locales)),
          };
          return (
            <div key={each} className={`field${isMissing ? ' studio-localised--missing' : ''}`}>
              <label
                id={`${inputId}-label`}
                className="studio-localised__language"
                htmlFor={rich ? undefined : inputId}
              >
                {languageName(each, locale)}
              </label>
              {rich ? (
                <MiniRichText
                  id={inputId}
                  label={`${label} (${languageName(each, locale)})`}
                  value={text}
                  lang={each}
                  describedBy={props['aria-describedby']}
                  onChange={(html) => onChange(withText(value, each, html, org.locales))}
                />
              ) : multiline ? (
                <textarea rows={4} {...props} />
              ) : (
                <input type="text" {...props} />
              )}
              {isMissing && (
                <p id={`${inputId}-missing`} className="studio-untranslated">
                  <FormattedMessage id="studio.translation.missing" />
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
