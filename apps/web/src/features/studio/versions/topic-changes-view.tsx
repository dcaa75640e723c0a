import { FormattedMessage } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import type { DraftTopic } from '../lib/draft-saver';
import { describeTopicChanges, type TopicSetting } from './topic-changes';

const SETTING_MESSAGES = {
  name: 'studio.changes.setting.name',
  description: 'studio.changes.setting.description',
  visibility: 'studio.changes.setting.visibility',
  topicImage: 'studio.changes.setting.topicImage',
  allowMultiWorksheets: 'studio.changes.setting.allowMultiWorksheets',
  showGradeReport: 'studio.changes.setting.showGradeReport',
} as const satisfies Record<TopicSetting, string>;

const PAGE_MESSAGES = {
  pageAdded: 'studio.changes.pageAdded',
  pageRemoved: 'studio.changes.pageRemoved',
  pageChanged: 'studio.changes.pageChanged',
} as const;

/** What the draft changes from a published version, one change a line. */
export function TopicChanges({
  before,
  after,
  version,
}: {
  before: DraftTopic;
  after: DraftTopic;
  version: number;
}) {
  const { locale } = useOrganisation();
  const changes = describeTopicChanges(before, after, locale);
  return (
    <div className="studio-changes">
      <h3 className="studio-changes__title">
        <FormattedMessage id="studio.changes.title" values={{ version }} />
      </h3>
      {changes.length === 0 ? (
        <p>
          <FormattedMessage id="studio.changes.none" />
        </p>
      ) : (
        <ul>
          {changes.map((change, index) => (
            <li key={index}>
              {change.kind === 'setting' ? (
                <FormattedMessage id={SETTING_MESSAGES[change.setting]} />
              ) : change.kind === 'pagesReordered' ? (
                <FormattedMessage id="studio.changes.pagesReordered" />
              ) : (
                <FormattedMessage id={PAGE_MESSAGES[change.kind]} values={{ page: change.page }} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
