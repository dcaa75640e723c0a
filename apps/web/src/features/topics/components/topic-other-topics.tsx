import type { OrganisationView, TopicGroupRefView } from '@portal/domain';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useTopicOutlet } from '../../../lib/topic-outlet';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupCard, topicCard, type CardItem } from '../lib/card-items';
import { CardGrid } from './card-grid';
import { TopicsEmpty } from './topics-empty';

interface OtherTopicsView {
  group?: TopicGroupRefView;
  cards: CardItem[];
}

/**
 * The group /topic/{id}/others shows: the one in the address, else the topic's parent group.
 * Without either (the general topic) it lists every group, each opening within this topic, and
 * every topic but this one.
 */
function otherTopicsOf(
  org: OrganisationView,
  topicId: string,
  openTopicId: string,
  groupId: string | undefined,
): OtherTopicsView {
  const group = org.topicGroups.find((candidate) => candidate._id === groupId);
  if (group) {
    const others = group.topics.filter((topic) => topic._id !== openTopicId);
    return { group, cards: others.map(topicCard) };
  }
  return {
    cards: [
      ...org.topicGroups.map((each) => groupCard(each, paths.topicOthersGroup(topicId, each._id))),
      ...org.topics.filter((topic) => topic._id !== openTopicId).map(topicCard),
    ],
  };
}

/** /topic/{id}/others and …/others/group/{groupId} (docs/product-spec.md §2): other topics, within the group. */
export function TopicOtherTopics() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { topicId, topic } = useTopicOutlet();
  const { topicGroupId } = useParams();
  useDocumentTitle(`${intl.formatMessage({ id: 'topic.otherTopics' })} · ${topic.name}`);
  const groupId = topicGroupId ?? topic.parentTopicGroup?._id;
  const { group, cards } = useMemo(
    () => otherTopicsOf(org, topicId, topic._id, groupId),
    [org, topicId, topic._id, groupId],
  );

  return (
    <div className="topic-others">
      <div className="topic-others__header">
        {group && <p className="topic-others__eyebrow">{group.name}</p>}
        <h1 className="topic-others__title">
          <FormattedMessage id="topic.otherTopics" />
        </h1>
      </div>
      {cards.length > 0 ? (
        <CardGrid
          items={cards}
          label={
            group
              ? intl.formatMessage({ id: 'topicGroup.cardsLabel' }, { group: group.name })
              : intl.formatMessage({ id: 'topics.cardsLabel' })
          }
        />
      ) : group ? (
        <p className="topics-empty" role="status">
          <FormattedMessage id="topic.otherTopics.none" />
        </p>
      ) : (
        <TopicsEmpty hasHiddenTopics={org.hasHiddenTopics} />
      )}
      <p className="topic-others__more">
        {topicGroupId !== undefined && (
          <Link className="button button--secondary" to={paths.topicOthers(topicId)}>
            <span aria-hidden="true">←</span>
            <FormattedMessage id="topic.otherTopics.back" />
          </Link>
        )}
        <Link className="button button--secondary" to={paths.others}>
          <FormattedMessage id="topic.otherTopics.all" />
        </Link>
      </p>
    </div>
  );
}
