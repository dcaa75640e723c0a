import { localeLabel } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';

/** The language's own name ("English", "Français"), for screen readers next to "EN" / "FR". */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], {
      type: 'language',
      languageDisplay: 'standard',
    }).of(locale.slice(0, 2));
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale;
  } catch {
    return locale;
  }
}

/** One button per locale of the organisation ("EN" / "FR"); shown only when there are several. */
export function LocaleSwitcher() {
  const intl = useIntl();
  const { org, locale, changeLocale, isChangingLocale } = useOrganisation();
  if (org.locales.length < 2) return null;

  return (
    <>
      <div
        className="locale-switcher"
        role="group"
        aria-label={intl.formatMessage({ id: 'header.language' })}
      >
        {org.locales.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            className="locale-switcher__option"
            aria-pressed={option === locale}
            onClick={() => option !== locale && changeLocale(option)}
          >
            {localeLabel(option)}
            <span className="visually-hidden"> {languageName(option)}</span>
          </button>
        ))}
      </div>
      <span className="visually-hidden" role="status">
        {isChangingLocale ? <FormattedMessage id="header.languageChanging" /> : null}
      </span>
    </>
  );
}
