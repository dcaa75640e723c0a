import type { TopicGroup, UserGroup } from '@portal/domain';
import { insertChunks } from './chunks';
import type { Executor } from './executor';

/**
 * The organisation's catalogue as the studio edits it: topic groups with their topics in order,
 * the order of the topics, and which user groups grant which topics. `catalogue_version` counts
 * its changes, so that a save made from a stale copy is refused.
 */

export interface StoredCatalogue {
  version: number;
  topicGroups: TopicGroup[];
  /** The groups a pack declares (cohorts a purchase made get their parent's topics). */
  userGroups: Array<{ id: string; name: UserGroup['name']; topics: string[] }>;
  /** The published topics but the general one, in their order. */
  order: string[];
}

/**
 * The rows a catalogue is made of, in order: topic groups, their topics, the user groups a pack
 * declares, and the topics those grant. Read by the studio's catalogue and by a pack export.
 */
export function catalogueRows(db: Executor, orgId: string) {
  const k = db.kysely;
  return Promise.all([
    k
      .selectFrom('topic_groups')
      .select(['id', 'data'])
      .where('org_id', '=', orgId)
      .orderBy('position')
      .execute(),
    k
      .selectFrom('topic_group_topics')
      .select(['group_id', 'topic_id'])
      .where('org_id', '=', orgId)
      .orderBy('position')
      .execute(),
    k
      .selectFrom('user_groups')
      .select(['id', 'data'])
      .where('org_id', '=', orgId)
      .where('origin', '=', 'pack')
      .orderBy('position')
      .execute(),
    k
      .selectFrom('user_group_topics')
      .select(['group_id', 'topic_id'])
      .where('org_id', '=', orgId)
      .orderBy('position')
      .execute(),
  ]);
}

export async function loadCatalogue(db: Executor, orgId: string): Promise<StoredCatalogue> {
  const k = db.kysely;
  const [org, [groups, groupTopics, userGroups, grants], topics] = await Promise.all([
    k
      .selectFrom('organisations')
      .select('catalogue_version')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow(),
    catalogueRows(db, orgId),
    k
      .selectFrom('topics')
      .select('id')
      .where('org_id', '=', orgId)
      .where('is_general', '=', 0)
      .orderBy('position')
      .execute(),
  ]);
  const listFor = (rows: Array<{ group_id: string; topic_id: string }>, id: string) =>
    rows.filter((r) => r.group_id === id).map((r) => r.topic_id);
  return {
    version: org.catalogue_version,
    topicGroups: groups.map((g) => ({
      ...(JSON.parse(g.data) as Omit<TopicGroup, 'topics'>),
      topics: listFor(groupTopics, g.id),
    })),
    userGroups: userGroups.map((g) => ({
      id: g.id,
      name: (JSON.parse(g.data) as Omit<UserGroup, 'topics'>).name,
      topics: listFor(grants, g.id),
    })),
    order: topics.map((t) => t.id),
  };
}

export interface CatalogueWrite {
  topicGroups: readonly TopicGroup[];
  /** User group id → the topics it grants, in order (groups not named keep theirs). */
  grants: Readonly<Record<string, readonly string[]>>;
  /** Published topics in their new order (those not named follow, in their current order). */
  order: readonly string[];
  /** The version the save was made from. */
  expectedVersion: number;
}

/** Saves the catalogue at the version it was read; false (nothing written) when stale. */
export async function saveCatalogue(
  tx: Executor,
  orgId: string,
  write: CatalogueWrite,
  at: string,
): Promise<boolean> {
  const k = tx.kysely;
  const bumped = await k
    .updateTable('organisations')
    .set({ catalogue_version: write.expectedVersion + 1, updated_at: at })
    .where('id', '=', orgId)
    .where('catalogue_version', '=', write.expectedVersion)
    .executeTakeFirst();
  if (Number(bumped.numUpdatedRows) !== 1) return false;

  await k.deleteFrom('topic_group_topics').where('org_id', '=', orgId).execute();
  await k.deleteFrom('topic_groups').where('org_id', '=', orgId).execute();
  await insertChunks(
    k,
    'topic_groups',
    write.topicGroups.map(({ topics: _topics, ...group }, position) => ({
      org_id: orgId,
      id: group._id,
      position,
      visibility: group.visibility,
      data: JSON.stringify(group),
    })),
  );
  await insertChunks(
    k,
    'topic_group_topics',
    write.topicGroups.flatMap((g) =>
      g.topics.map((topicId, position) => ({
        org_id: orgId,
        group_id: g._id,
        topic_id: topicId,
        position,
      })),
    ),
  );

  const granted = Object.keys(write.grants);
  if (granted.length) {
    await k
      .deleteFrom('user_group_topics')
      .where('org_id', '=', orgId)
      .where('group_id', 'in', granted)
      .execute();
    await insertChunks(
      k,
      'user_group_topics',
      Object.entries(write.grants).flatMap(([groupId, topics]) =>
        topics.map((topicId, position) => ({
          org_id: orgId,
          group_id: groupId,
          topic_id: topicId,
          position,
        })),
      ),
    );
  }

  const current = await k
    .selectFrom('topics')
    .select(['id', 'position'])
    .where('org_id', '=', orgId)
    .where('is_general', '=', 0)
    .orderBy('position')
    .execute();
  const named = new Set(write.order);
  const ordered = [
    ...write.order.filter((id) => current.some((t) => t.id === id)),
    ...current.filter((t) => !named.has(t.id)).map((t) => t.id),
  ];
  const positionOf = new Map(current.map((t) => [t.id, t.position]));
  for (const [position, id] of ordered.entries())
    if (positionOf.get(id) !== position)
      await k
        .updateTable('topics')
        .set({ position })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .execute();
  return true;
}

/** The pack-declared user groups of the organisation, by id. */
export async function packGroupIds(db: Executor, orgId: string): Promise<Set<string>> {
  const rows = await db.kysely
    .selectFrom('user_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('origin', '=', 'pack')
    .execute();
  return new Set(rows.map((r) => r.id));
}
