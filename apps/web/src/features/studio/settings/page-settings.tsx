import type { Topic } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import { ShowConditionEditor } from '../formula';
import type { DraftTopic } from '../lib/draft-saver';
import { LocalisedFields } from './localised-fields';

type Page = DraftTopic['pages'][number];

interface PageSettingsProps {
  page: Page;
  onChange: (page: Page) => void;
  /** The topic the page is in: what its show condition may refer to. */
  topic: Topic;
  /** The organisation's general topic (its fields' answers are read too), when there is one. */
  general?: Topic | null;
}

/** A page's name (every locale), who sees it, and when it shows, above its editor. */
export function PageSettings({ page, onChange, topic, general }: PageSettingsProps) {
  const intl = useIntl();
  const { locale } = useOrganisation();
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
      <div id={`studio-page-condition-${page._id}`} className="studio-page-settings__condition">
        <ShowConditionEditor
          target="page"
          value={page.showCondition}
          topic={topic}
          locale={locale}
          {...(general !== undefined && { general })}
          onChange={(showCondition) => {
            if (showCondition) onChange({ ...page, showCondition });
            else {
              const { showCondition: _removed, ...rest } = page;
              onChange(rest);
            }
          }}
        />
      </div>
    </div>
  );
}
