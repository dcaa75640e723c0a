import type { StudioTopicSummary } from '@portal/domain';
import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOrganisation } from '../../../lib/organisation';
import { displayText } from '../lib/localised';
import { SortableList } from './sortable-list';
import type { CatalogueEditor } from './use-catalogue';

interface TopicGroupsProps {
  topics: readonly StudioTopicSummary[];
  editor: CatalogueEditor;
}

interface GroupTopic {
  _id: string;
  name: string;
}

/** The topic groups, each with its topics in the order learners see them. */
export function TopicGroups({ topics, editor }: TopicGroupsProps) {
  const intl = useIntl();
  const { locale } = useOrganisation();
  const getId = useCallback((topic: GroupTopic) => topic._id, []);
  const getLabel = useCallback((topic: GroupTopic) => topic.name, []);
  const catalogue = editor.catalogue;
  if (!catalogue || catalogue.topicGroups.length === 0) return null;
  const nameOf = (id: string) => {
    const topic = topics.find((each) => each._id === id);
    return topic ? displayText(topic.name, locale, id) : id;
  };
  return (
    <section className="studio-section" aria-labelledby="studio-groups-title">
      <h2 id="studio-groups-title">
        <FormattedMessage id="studio.groups.title" />
      </h2>
      <div className="studio-groups">
        {catalogue.topicGroups.map((group, index) => {
          const groupName = displayText(group.name, locale, group._id);
          const headingId = `studio-group-${index}`;
          return (
            <section key={group._id} className="studio-group" aria-labelledby={headingId}>
              <h3 id={headingId} className="studio-group__name">
                {groupName}
              </h3>
              {group.topics.length === 0 ? (
                <p className="studio-empty">
                  <FormattedMessage id="studio.groups.empty" />
                </p>
              ) : (
                <SortableList
                  items={group.topics.map((id) => ({ _id: id, name: nameOf(id) }))}
                  getId={getId}
                  getLabel={getLabel}
                  label={intl.formatMessage({ id: 'studio.groups.topicsOf' }, { name: groupName })}
                  disabled={editor.saving}
                  onReorder={(next) =>
                    editor.change({
                      ...catalogue,
                      topicGroups: catalogue.topicGroups.map((each) =>
                        each._id === group._id
                          ? { ...each, topics: next.map((topic) => topic._id) }
                          : each,
                      ),
                    })
                  }
                  renderItem={(topic) => <span className="studio-group__topic">{topic.name}</span>}
                />
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
