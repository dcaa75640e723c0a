import type { SearchResultTopic } from '../../../lib/topic-search';
import { paths } from '../../../lib/paths';
import type { CardItem } from '../lib/card-items';
import { firstLine } from '../lib/first-line';
import { CardGrid } from './card-grid';

/** A found topic as a card: its name, image and the first line of its description. */
function resultCard(topic: SearchResultTopic): CardItem {
  return {
    key: `found-${topic._id}`,
    kind: 'topic',
    title: topic.name,
    to: paths.topic(topic._id),
    description: firstLine(topic.description),
    imageUrl: topic.topicImage?.secure_url,
  };
}

/** Search results drawn as the screen's own cards (TopicSearchProps.renderResults). */
export function renderSearchResults(topics: readonly SearchResultTopic[], label: string) {
  return <CardGrid items={topics.map(resultCard)} label={label} />;
}
