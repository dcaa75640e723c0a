import type { AdminSettings } from '@portal/domain';
import { useIntl } from 'react-intl';
import { LocalisedInput, TextInput, Toggle } from './localised-input';
import type { SettingsChange } from './settings-change';

/** Sign-up, messaging and the worksheet cap. */
export function SignUpFields({
  settings,
  onChange,
  errors,
}: {
  settings: AdminSettings;
  onChange: SettingsChange;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const t = (key: string) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' });
  const constraints = settings.constraints;
  const setConstraints = (next: Partial<AdminSettings['constraints']>) =>
    onChange((s) => ({ ...s, constraints: { ...s.constraints, ...next } }));
  return (
    <>
      <Toggle
        label={t('selfSignup')}
        checked={!settings.disableSelfSignup}
        onChange={(on) => onChange((s) => ({ ...s, disableSelfSignup: !on }))}
      />
      <TextInput
        label={t('agreement')}
        hint={t('agreementHint')}
        type="url"
        value={settings.userSignUpAgreement?.url}
        error={errors['userSignUpAgreement.url']}
        onChange={(url) =>
          onChange((s) => ({ ...s, userSignUpAgreement: url ? { url } : undefined }))
        }
      />
      <Toggle
        label={t('messaging')}
        checked={settings.enableMessaging}
        onChange={(enableMessaging) => onChange((s) => ({ ...s, enableMessaging }))}
      />
      <Toggle
        label={t('messagingAllowed')}
        checked={constraints.messagingAllowed}
        onChange={(messagingAllowed) => setConstraints({ messagingAllowed })}
      />
      <Toggle
        label={t('groupAdminMessagingOnly')}
        checked={constraints.groupAdminMessagingOnly}
        onChange={(groupAdminMessagingOnly) => setConstraints({ groupAdminMessagingOnly })}
      />
      <Toggle
        label={t('adminsSeeAnswers')}
        checked={constraints.adminsSeeAnswers}
        onChange={(adminsSeeAnswers) => setConstraints({ adminsSeeAnswers })}
      />
      <TextInput
        label={t('maxWorksheets')}
        hint={t('maxWorksheetsHint')}
        type="number"
        min={1}
        max={100}
        value={String(constraints.maxTopicWorksheets)}
        error={errors['constraints.maxTopicWorksheets']}
        onChange={(value) => setConstraints({ maxTopicWorksheets: Number(value) || 1 })}
      />
    </>
  );
}

/** The contact card of the footer. */
export function ContactFields({
  settings,
  onChange,
  errors,
}: {
  settings: AdminSettings;
  onChange: SettingsChange;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const t = (key: string) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' });
  const contact = settings.contact;
  const set = (next: Partial<AdminSettings['contact']>) =>
    onChange((s) => ({ ...s, contact: { ...s.contact, ...next } }));
  const text = (
    key: 'name' | 'email' | 'website' | 'phone1' | 'phone2',
    type?: 'email' | 'url',
  ) => (
    <TextInput
      label={t(`contact.${key}`)}
      type={type}
      value={contact[key]}
      error={errors[`contact.${key}`]}
      onChange={(value) => set({ [key]: value || undefined })}
    />
  );
  return (
    <>
      <Toggle
        label={t('contact.enabled')}
        checked={contact.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      {text('name')}
      {text('email', 'email')}
      {text('website', 'url')}
      <div className="admin-pair">
        {text('phone1')}
        {text('phone2')}
      </div>
    </>
  );
}

/** The glossary: words learners can look up in the content. */
export function GlossaryFields({
  settings,
  onChange,
}: {
  settings: AdminSettings;
  onChange: SettingsChange;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `admin.settings.${key}` as 'admin.settings.name' }, values);
  const glossary = settings.glossary;
  const setEntry = (index: number, next: Partial<AdminSettings['glossary'][number]>) =>
    onChange((s) => ({
      ...s,
      glossary: s.glossary.map((entry, i) => (i === index ? { ...entry, ...next } : entry)),
    }));
  return (
    <>
      {glossary.length === 0 && <p className="field__hint">{t('glossaryEmpty')}</p>}
      {glossary.map((entry, index) => (
        <div key={index} className="admin-card">
          <div className="admin-pair">
            <TextInput
              label={t('glossaryWord', { number: index + 1 })}
              value={entry.word}
              onChange={(word) => setEntry(index, { word })}
            />
            <TextInput
              label={t('glossaryPlural', { number: index + 1 })}
              value={entry.plural}
              onChange={(plural) => setEntry(index, { plural: plural || undefined })}
            />
          </div>
          <LocalisedInput
            label={t('glossaryDefinition', { number: index + 1 })}
            value={entry.definition}
            locales={settings.locales}
            multiline
            onChange={(definition) => setEntry(index, { definition })}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              onChange((s) => ({ ...s, glossary: s.glossary.filter((_, i) => i !== index) }))
            }
          >
            {t('glossaryRemove', { number: index + 1 })}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--secondary"
        onClick={() =>
          onChange((s) => ({ ...s, glossary: [...s.glossary, { word: '', definition: '' }] }))
        }
      >
        {t('glossaryAdd')}
      </button>
    </>
  );
}
