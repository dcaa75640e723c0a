import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import type { DraftTopic } from '../lib/draft-saver';
import { UploadInput } from '../components/upload-input';
import { displayText, untranslatedCount } from '../lib/localised';
import { useCatalogue } from '../topics/use-catalogue';
import { LocalisedFields } from './localised-fields';

interface TopicSettingsProps {
  topic: DraftTopic;
  /**
   * A change worked out on the draft as it is when it applies: an upload that ends after the
   * author has typed the name adds its image and takes the name back from no one.
   */
  onChange: (update: (current: DraftTopic) => DraftTopic) => void;
}

/**
 * The topic's settings, saved with the draft (names, description, image, visibility, several
 * worksheets, grade report), and the user groups that grant it, saved with the catalogue at once.
 */
export function TopicSettings({ topic, onChange }: TopicSettingsProps) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const ids = { image: useId(), visibility: useId(), imageHint: useId(), upload: useId() };
  const untranslated = untranslatedCount(topic, org.locales);
  return (
    <div className="studio-settings">
      <h2>
        <FormattedMessage id="studio.settings.title" />
      </h2>
      <p className={untranslated > 0 ? 'studio-untranslated' : 'studio-muted'}>
        <FormattedMessage id="studio.translation.count" values={{ count: untranslated }} />
      </p>
      <LocalisedFields
        label={intl.formatMessage({ id: 'studio.settings.name' })}
        value={topic.name}
        onChange={(name) => onChange((t) => ({ ...t, name }))}
      />
      <LocalisedFields
        label={intl.formatMessage({ id: 'studio.settings.description' })}
        value={topic.description}
        rich
        onChange={(description) => onChange((t) => ({ ...t, description }))}
      />
      <div className="field">
        <label className="field__label" htmlFor={ids.image}>
          <FormattedMessage id="studio.settings.image" />
        </label>
        <p id={ids.imageHint} className="field__hint">
          <FormattedMessage id="studio.settings.imageHint" />
        </p>
        <input
          id={ids.image}
          type="url"
          className="field__input"
          aria-describedby={ids.imageHint}
          value={topic.topicImage?.secure_url ?? ''}
          onChange={(event) => {
            const url = event.target.value.trim();
            onChange(({ topicImage: _dropped, ...rest }) =>
              url ? { ...rest, topicImage: { secure_url: url } } : rest,
            );
          }}
        />
        <UploadInput
          id={ids.upload}
          label={intl.formatMessage({ id: 'studio.settings.imageUpload' })}
          accept="image/*"
          onUploaded={(stored) =>
            onChange((t) => ({ ...t, topicImage: { secure_url: stored.secure_url } }))
          }
        />
        {topic.topicImage?.secure_url && (
          <img
            className="studio-settings__image"
            src={topic.topicImage.secure_url}
            alt={intl.formatMessage(
              { id: 'studio.settings.imageAlt' },
              { topic: displayText(topic.name, org.currentLocale, topic._id) },
            )}
          />
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.visibility}>
          <FormattedMessage id="studio.settings.visibility" />
        </label>
        <select
          id={ids.visibility}
          className="field__input"
          value={topic.visibility}
          onChange={(event) => {
            const visibility = event.target.value as DraftTopic['visibility'];
            onChange((t) => ({ ...t, visibility }));
          }}
        >
          <option value="Public">{intl.formatMessage({ id: 'studio.settings.public' })}</option>
          <option value="Private">{intl.formatMessage({ id: 'studio.settings.private' })}</option>
        </select>
      </div>
      <GrantingGroups topicId={topic._id} />
      <label className="studio-check">
        <input
          type="checkbox"
          checked={topic.allowMultiWorksheets}
          onChange={(event) => {
            const allowMultiWorksheets = event.target.checked;
            onChange((t) => ({ ...t, allowMultiWorksheets }));
          }}
        />
        <FormattedMessage id="studio.settings.allowMultiWorksheets" />
      </label>
      <label className="studio-check">
        <input
          type="checkbox"
          checked={topic.showGradeReport}
          onChange={(event) => {
            const showGradeReport = event.target.checked;
            onChange((t) => ({ ...t, showGradeReport }));
          }}
        />
        <FormattedMessage id="studio.settings.showGradeReport" />
      </label>
      <label className="studio-check">
        <input
          type="checkbox"
          checked={topic.certificate?.enabled ?? false}
          onChange={(event) => {
            const enabled = event.target.checked;
            onChange((t) => ({ ...t, certificate: { ...t.certificate, enabled } }));
          }}
        />
        <FormattedMessage id="studio.settings.certificate" />
      </label>
      {topic.certificate?.enabled && (
        <div className="field">
          <label className="field__label" htmlFor={`${topic._id}-pass`}>
            <FormattedMessage id="studio.settings.passPercent" />
          </label>
          <p id={`${topic._id}-pass-hint`} className="field__hint">
            <FormattedMessage id="studio.settings.passPercentHint" />
          </p>
          <input
            id={`${topic._id}-pass`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            aria-describedby={`${topic._id}-pass-hint`}
            value={topic.certificate.passPercent ?? ''}
            onChange={(event) => {
              const value = event.target.value === '' ? undefined : Number(event.target.value);
              onChange((t) => {
                const { passPercent: _old, ...rest } = t.certificate ?? { enabled: true };
                return {
                  ...t,
                  certificate:
                    value === undefined || Number.isNaN(value)
                      ? rest
                      : { ...rest, passPercent: Math.min(100, Math.max(0, value)) },
                };
              });
            }}
          />
        </div>
      )}
    </div>
  );
}

/** The user groups whose members see the topic (a private topic is seen through them only). */
function GrantingGroups({ topicId }: { topicId: string }) {
  const { locale } = useOrganisation();
  const editor = useCatalogue();
  const toMessage = useErrorMessage();
  const catalogue = editor.catalogue;
  return (
    <fieldset className="studio-grants" aria-busy={editor.saving}>
      <legend className="field__label">
        <FormattedMessage id="studio.settings.groups" />
      </legend>
      <p className="field__hint">
        <FormattedMessage id="studio.settings.groupsHint" />
      </p>
      {editor.query.isPending && (
        <p className="studio-muted">
          <FormattedMessage id="studio.settings.groupsLoading" />
        </p>
      )}
      {editor.query.isError && (
        <ErrorBox>
          <p>{toMessage(editor.query.error)}</p>
        </ErrorBox>
      )}
      {editor.wasStale && (
        <NoticeBox>
          <p>
            <FormattedMessage id="studio.catalogue.stale" />
          </p>
        </NoticeBox>
      )}
      {editor.saveError && (
        <ErrorBox>
          <p>{toMessage(editor.saveError)}</p>
        </ErrorBox>
      )}
      {catalogue && catalogue.userGroups.length === 0 && (
        <p className="studio-muted">
          <FormattedMessage id="studio.settings.noGroups" />
        </p>
      )}
      {catalogue?.userGroups.map((group) => (
        <label key={group._id} className="studio-check">
          <input
            type="checkbox"
            checked={group.topics.includes(topicId)}
            disabled={editor.saving}
            onChange={(event) =>
              editor.saveNow({
                ...catalogue,
                userGroups: catalogue.userGroups.map((each) =>
                  each._id !== group._id
                    ? each
                    : {
                        ...each,
                        topics: event.target.checked
                          ? [...each.topics, topicId]
                          : each.topics.filter((id) => id !== topicId),
                      },
                ),
              })
            }
          />
          {displayText(group.name, locale, group._id)}
        </label>
      ))}
    </fieldset>
  );
}
