import type { AdminSettings } from '@portal/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { languageName } from '../../../lib/localised-text';
import { LocalisedInput, TextInput } from './localised-input';
import type { SettingsChange } from './settings-change';

/** The locales the portal speaks (docs/product-spec.md §1). */
const LOCALES = ['en-US', 'fr-CA'] as const;

/** Name, locales, host names, support address and analytics id. */
export function IdentityFields({
  settings,
  onChange,
  errors,
}: {
  settings: AdminSettings;
  onChange: SettingsChange;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const id = useId();
  const t = (key: string) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' });
  const hostErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith('hosts'))
    .map(([, message]) => message);
  return (
    <>
      <LocalisedInput
        label={t('name')}
        value={settings.name}
        locales={settings.locales}
        required
        onChange={(name) => onChange((s) => ({ ...s, name }))}
      />
      <fieldset className="admin-fieldset">
        <legend className="field__label">{t('locales')}</legend>
        <p className="field__hint">{t('localesHint')}</p>
        {LOCALES.map((locale) => {
          const checked = settings.locales.includes(locale);
          return (
            <div key={locale} className="admin-toggle">
              <input
                id={`${id}-${locale}`}
                type="checkbox"
                checked={checked}
                // The first locale is the default: it stays.
                disabled={checked && settings.locales.length === 1}
                onChange={() =>
                  onChange((s) => ({
                    ...s,
                    locales: s.locales.includes(locale)
                      ? s.locales.length > 1
                        ? s.locales.filter((l) => l !== locale)
                        : s.locales
                      : LOCALES.filter((l) => l === locale || s.locales.includes(l)),
                  }))
                }
              />
              <label htmlFor={`${id}-${locale}`}>{languageName(locale, intl.locale)}</label>
            </div>
          );
        })}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-hosts`}>
          {t('hosts')}
        </label>
        <p id={`${id}-hosts-hint`} className="field__hint">
          {t('hostsHint')}
        </p>
        <textarea
          id={`${id}-hosts`}
          className="field__input"
          rows={3}
          spellCheck={false}
          value={settings.hosts.join('\n')}
          aria-invalid={hostErrors.length ? true : undefined}
          aria-describedby={`${id}-hosts-hint${hostErrors.length ? ` ${id}-hosts-error` : ''}`}
          onChange={(event) => {
            const hosts = event.target.value.split('\n').map((h) => h.trim().toLowerCase());
            onChange((s) => ({ ...s, hosts }));
          }}
          onBlur={() => onChange((s) => ({ ...s, hosts: s.hosts.filter(Boolean) }))}
        />
        {hostErrors.length > 0 && (
          <p id={`${id}-hosts-error`} className="field__error">
            {hostErrors.join(' ')}
          </p>
        )}
      </div>
      <TextInput
        label={t('supportEmail')}
        type="email"
        value={settings.supportEmail}
        error={errors.supportEmail}
        onChange={(value) => onChange((s) => ({ ...s, supportEmail: value || undefined }))}
      />
      <TextInput
        label={t('gaUid')}
        hint={t('gaUidHint')}
        value={settings.gaUid}
        error={errors.gaUid}
        onChange={(value) => onChange((s) => ({ ...s, gaUid: value || undefined }))}
      />
    </>
  );
}
