import type { OrganisationView, TopicGroupRefView, TopicRefView } from '@portal/domain';
import { paths } from '../../../lib/paths';
import { firstLine } from './first-line';

/** One card of a topics grid. */
export interface CardItem {
  key: string;
  kind: 'group' | 'topic' | 'general';
  title: string;
  to: string;
  /** A group's description: the card shows its first line only. */
  description?: string;
  imageUrl?: string;
  /** How many topics a group holds. */
  topicCount?: number;
  /** A topic's id and the pages its card counts for the learner's progress. */
  progress?: { topicId: string; pageIds: readonly string[] };
}

export function topicCard(topic: TopicRefView): CardItem {
  return {
    key: `topic-${topic._id}`,
    kind: 'topic',
    title: topic.name,
    to: paths.topic(topic._id),
    imageUrl: topic.topicImage?.secure_url,
    ...(topic.pageIds?.length && { progress: { topicId: topic._id, pageIds: topic.pageIds } }),
  };
}

export function groupCard(group: TopicGroupRefView, to = paths.topicGroup(group._id)): CardItem {
  return {
    key: `group-${group._id}`,
    kind: 'group',
    title: group.name,
    to,
    description: firstLine(group.description),
    imageUrl: group.topicGroupImage?.secure_url,
    topicCount: group.topics.length,
  };
}

/**
 * The /topics and /others grid (docs/product-spec.md §2): the general topic when there is one, the topic groups,
 * then the topics that are in no group (the others are reached through their group's card),
 * leaving out the topic that is open.
 */
export function browseCards(org: OrganisationView, openTopicId?: string): CardItem[] {
  const cards: CardItem[] = [];
  if (org.general && openTopicId !== org.general._id) {
    cards.push({
      key: 'general',
      kind: 'general',
      title: org.general.name,
      to: paths.topic(org.general._id),
      // Its picture and the first line of its description, as a group card shows them.
      description: firstLine(org.general.description) || undefined,
      imageUrl: org.general.topicImage?.secure_url,
    });
  }
  cards.push(...org.topicGroups.map((group) => groupCard(group)));
  const grouped = new Set(
    org.topicGroups.flatMap((group) => group.topics.map((topic) => topic._id)),
  );
  cards.push(
    ...org.topics
      .filter((topic) => topic._id !== openTopicId && !grouped.has(topic._id))
      .map(topicCard),
  );
  return cards;
}
