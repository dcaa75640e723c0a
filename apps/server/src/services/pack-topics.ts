import { isDeepStrictEqual } from 'node:util';
import type { ContentPack, Topic } from '@portal/domain';
import type { Executor } from '../db/repositories/executor';
import {
  placeTopics,
  publishedTopicsOf,
  publishTopics,
  unpublishTopics,
  type Change,
  type TopicToPublish,
} from '../db/repositories/topic-versions';

/** Which topics an import changed, by id (what caches of those topics must let go of). */
export interface TopicChanges {
  created: string[];
  updated: string[];
  removed: string[];
}

export const noTopicChanges = (): TopicChanges => ({ created: [], updated: [], removed: [] });

/** The topic as it will read back from storage (JSON leaves out what is undefined). */
const stored = (topic: Topic): unknown => JSON.parse(JSON.stringify(topic));

/**
 * Publishes a pack's topics in the import's transaction (docs/design.md §14): a new version of
 * each topic whose (sanitised) document differs from the published one, none for the others
 * (only moved, when their place changed); topics the pack leaves out stop being published.
 */
export async function publishPackTopics(
  tx: Executor,
  orgId: string,
  pack: Pick<ContentPack, 'general' | 'topics'>,
  change: Change,
): Promise<TopicChanges> {
  const published = new Map((await publishedTopicsOf(tx, orgId)).map((p) => [p.id, p]));
  const wanted: TopicToPublish[] = pack.topics.map((topic, position) => ({
    topic,
    isGeneral: false,
    position,
  }));
  if (pack.general) wanted.push({ topic: pack.general, isGeneral: true, position: -1 });

  const changes: TopicChanges = { created: [], updated: [], removed: [] };
  const toPublish: TopicToPublish[] = [];
  const toPlace: Array<{ id: string; position: number; isGeneral: boolean }> = [];
  for (const item of wanted) {
    const id = item.topic._id;
    const current = published.get(id);
    if (!current) changes.created.push(id);
    else if (!isDeepStrictEqual(current.topic, stored(item.topic))) changes.updated.push(id);
    else {
      if (current.position !== item.position || current.isGeneral !== item.isGeneral)
        toPlace.push({ id, position: item.position, isGeneral: item.isGeneral });
      continue;
    }
    toPublish.push(item);
  }
  const kept = new Set(wanted.map((w) => w.topic._id));
  // Archived topics stay out of packs (an export leaves them out): a pack without them keeps them.
  changes.removed = [...published.values()]
    .filter((p) => !kept.has(p.id) && !p.archived)
    .map((p) => p.id);

  await unpublishTopics(tx, orgId, changes.removed);
  await placeTopics(tx, orgId, toPlace);
  await publishTopics(tx, orgId, toPublish, change);
  return changes;
}
