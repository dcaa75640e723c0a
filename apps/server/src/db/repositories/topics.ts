import type { LocalisedText, Topic, TopicGroup, Visibility } from '@portal/domain';
import type { Executor } from './executor';

export interface StoredTopic {
  topic: Topic;
  isGeneral: boolean;
}

/** One topic of an organisation as stored (correct answers included); "general" is the general topic. */
export async function loadTopic(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<StoredTopic | null> {
  let query = db.kysely
    .selectFrom('topics')
    .select(['data', 'is_general'])
    .where('org_id', '=', orgId)
    // An archived topic is hidden from learners everywhere (docs/design.md §14).
    .where('archived', '=', 0);
  query =
    topicId === 'general'
      ? query.where('is_general', '=', 1)
      : query.where('id', '=', topicId).where('is_general', '=', 0);
  const row = await query.executeTakeFirst();
  return row ? { topic: JSON.parse(row.data) as Topic, isGeneral: row.is_general === 1 } : null;
}

/** Topics by id, parsed, in no particular order. */
export async function topicsByIds(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, Topic>> {
  if (!ids.length) return new Map();
  const rows = await db.kysely
    .selectFrom('topics')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .where('archived', '=', 0)
    .execute();
  return new Map(rows.map((row) => [row.id, JSON.parse(row.data) as Topic]));
}

export interface ParentGroup {
  id: string;
  visibility: Visibility;
  name: TopicGroup['name'];
  /** The topics the group lists (who may see a private group: canSeeTopicGroupCard). */
  topicIds: string[];
}

/** The first topic group (in pack order) that lists the topic. */
export async function parentGroupOf(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<ParentGroup | null> {
  const row = await db.kysely
    .selectFrom('topic_group_topics')
    .innerJoin('topic_groups', (join) =>
      join
        .onRef('topic_groups.id', '=', 'topic_group_topics.group_id')
        .onRef('topic_groups.org_id', '=', 'topic_group_topics.org_id'),
    )
    .select(['topic_groups.id', 'topic_groups.visibility', 'topic_groups.data'])
    .where('topic_group_topics.org_id', '=', orgId)
    .where('topic_group_topics.topic_id', '=', topicId)
    .orderBy('topic_groups.position')
    .executeTakeFirst();
  if (!row) return null;
  const topics = await db.kysely
    .selectFrom('topic_group_topics')
    .select('topic_id')
    .where('org_id', '=', orgId)
    .where('group_id', '=', row.id)
    .orderBy('position')
    .execute();
  return {
    id: row.id,
    visibility: row.visibility as Visibility,
    name: (JSON.parse(row.data) as TopicGroup).name,
    topicIds: topics.map((t) => t.topic_id),
  };
}

export interface StoredContent {
  topicId: string;
  topicVisibility: Visibility;
  pageVisibility: Visibility;
  body: LocalisedText;
}

/** A content fragment stored apart from its page (long bodies), optionally of page `pageId`. */
export async function findContent(
  db: Executor,
  orgId: string,
  id: string,
  pageId: string | undefined,
): Promise<StoredContent | null> {
  let query = db.kysely
    .selectFrom('contents')
    .select(['topic_id', 'topic_visibility', 'page_visibility', 'body'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('topics')
            .select('topics.id')
            .whereRef('topics.org_id', '=', 'contents.org_id')
            .whereRef('topics.id', '=', 'contents.topic_id')
            .where('topics.archived', '=', 1),
        ),
      ),
    );
  if (pageId) query = query.where('page_id', '=', pageId);
  const row = await query.executeTakeFirst();
  return row
    ? {
        topicId: row.topic_id,
        topicVisibility: row.topic_visibility as Visibility,
        pageVisibility: row.page_visibility as Visibility,
        body: JSON.parse(row.body) as LocalisedText,
      }
    : null;
}
