import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DraftTopic } from '../lib/draft-saver';
import { LocalisedFields } from './localised-fields';

type Page = DraftTopic['pages'][number];

/** A page's name (every locale) and who sees it, above its editor. */
export function PageSettings({ page, onChange }: { page: Page; onChange: (page: Page) => void }) {
  const intl = useIntl();
  const visibilityId = useId();
  return (
    <div className="studio-page-settings">
      <LocalisedFields
        label={intl.formatMessage({ id: 'studio.pages.name' })}
        value={page.name}
        onChange={(name) => onChange({ ...page, name })}
      />
      <div className="field">
        <label className="field__label" htmlFor={visibilityId}>
          <FormattedMessage id="studio.settings.visibility" />
        </label>
        <select
          id={visibilityId}
          className="field__input"
          value={page.visibility}
          onChange={(event) =>
            onChange({ ...page, visibility: event.target.value as Page['visibility'] })
          }
        >
          <option value="Public">{intl.formatMessage({ id: 'studio.settings.public' })}</option>
          <option value="Private">{intl.formatMessage({ id: 'studio.settings.private' })}</option>
        </select>
      </div>
    </div>
  );
}
