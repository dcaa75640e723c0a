import { isHexColor, themeContrastProblems, type AdminSettings } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

type Theme = AdminSettings['theme'];
type Colour = keyof Theme;

const COLOURS: readonly Colour[] = [
  'primaryColor',
  'secondaryColor',
  'tertiaryColor',
  'primaryBackgroundColor',
  'secondaryBackgroundColor',
  'tertiaryBackgroundColor',
];

/** A colour's name for the reader (`admin.settings.colour.primaryColor`…). */
export function useColourName() {
  const intl = useIntl();
  return (colour: Colour) =>
    intl.formatMessage({
      id: `admin.settings.colour.${colour}` as 'admin.settings.colour.primaryColor',
    });
}

/**
 * The six theme colours, each typed as hex or picked, and the pairs that would not read, said as
 * they are typed (the server refuses the same, docs/design.md §15).
 */
export function ThemeFields({
  theme,
  onChange,
  errors,
}: {
  theme: Theme;
  /** A change made on the theme as it is when it applies (settings-change.ts). */
  onChange: (update: (current: Theme) => Theme) => void;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const id = useId();
  const colourName = useColourName();
  const problems = themeContrastProblems(theme);
  return (
    <>
      <div className="admin-colours">
        {COLOURS.map((colour) => {
          const value = theme[colour];
          const error =
            (!isHexColor(value) && intl.formatMessage({ id: 'admin.settings.colour.notHex' })) ||
            errors[`theme.${colour}`];
          const input = `${id}-${colour}`;
          return (
            <div key={colour} className="field admin-colour">
              <label className="field__label" htmlFor={input}>
                {colourName(colour)}
              </label>
              <div className="admin-colour__inputs">
                <input
                  id={input}
                  className="field__input"
                  value={value}
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${input}-error` : undefined}
                  onChange={(event) => {
                    const next = event.target.value.trim();
                    onChange((t) => ({ ...t, [colour]: next }));
                  }}
                />
                <input
                  type="color"
                  className="admin-colour__picker"
                  aria-label={intl.formatMessage(
                    { id: 'admin.settings.colour.pick' },
                    { colour: colourName(colour) },
                  )}
                  value={isHexColor(value) && value.length === 7 ? value.toLowerCase() : '#000000'}
                  onChange={(event) => {
                    const next = event.target.value;
                    onChange((t) => ({ ...t, [colour]: next }));
                  }}
                />
              </div>
              {error && (
                <p id={`${input}-error`} className="field__error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="admin-contrast" role="status" aria-live="polite">
        {problems.length === 0 ? (
          <p className="admin-contrast__ok">
            <FormattedMessage id="admin.settings.contrast.ok" />
          </p>
        ) : (
          <>
            <p className="admin-contrast__title">
              <FormattedMessage id="admin.settings.contrast.title" />
            </p>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.foreground}/${problem.background}`}>
                  <FormattedMessage
                    id="admin.settings.contrast.problem"
                    values={{
                      colour: colourName(problem.foreground),
                      value: problem.foregroundValue,
                      background: colourName(problem.background),
                      backgroundValue: problem.backgroundValue,
                      ratio: problem.ratio,
                      minimum: problem.minimum,
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
