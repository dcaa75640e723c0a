import type { Bundle, OrganisationSettings, Topic, TopicGroup, Visibility } from '@portal/domain';
import type { Executor } from './executor';

/** An organisation as the server works with it: its ids and the settings of its content pack. */
export interface OrganisationRecord {
  id: string;
  alias: string;
  contentHash: string;
  settings: OrganisationSettings;
}

export async function findOrganisation(
  db: Executor,
  alias: string,
): Promise<OrganisationRecord | null> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select(['id', 'alias', 'content_hash', 'settings'])
    .where('alias', '=', alias)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        alias: row.alias,
        contentHash: row.content_hash,
        settings: JSON.parse(row.settings) as OrganisationSettings,
      }
    : null;
}

/** An organisation by its id (a payment confirmation names the order, which names it). */
export async function findOrganisationById(
  db: Executor,
  id: string,
): Promise<OrganisationRecord | null> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select('alias')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? findOrganisation(db, row.alias) : null;
}

/** The content hash stored for `alias` (it changes with every import that changes something). */
export async function contentHashOf(db: Executor, alias: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('organisations')
    .select('content_hash')
    .where('alias', '=', alias)
    .executeTakeFirst();
  return row?.content_hash;
}

/** The alias of the organisation that lists `host` among its hosts. */
export async function aliasOfHost(db: Executor, host: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('org_hosts')
    .innerJoin('organisations', 'organisations.id', 'org_hosts.org_id')
    .select('organisations.alias')
    .where('org_hosts.host', '=', host)
    .executeTakeFirst();
  return row?.alias;
}

export interface StoredTopicEntry {
  id: string;
  isGeneral: boolean;
  visibility: Visibility;
  topic: Topic;
}

export interface StoredTopicGroup {
  id: string;
  visibility: Visibility;
  group: Omit<TopicGroup, 'topics'>;
  /** Ids of the group's topics, in order. */
  topicIds: string[];
}

/** Everything the organisation view lists: topics, topic groups with their topics, bundle count. */
export interface Catalogue {
  topics: StoredTopicEntry[];
  groups: StoredTopicGroup[];
  bundleCount: number;
}

export async function catalogueOf(db: Executor, orgId: string): Promise<Catalogue> {
  const k = db.kysely;
  const [topicRows, groupRows, links, bundleCount] = await Promise.all([
    k
      .selectFrom('topics')
      .select(['id', 'is_general', 'visibility', 'data'])
      .where('org_id', '=', orgId)
      .where('archived', '=', 0)
      .orderBy('position')
      .execute(),
    k
      .selectFrom('topic_groups')
      .select(['id', 'visibility', 'data'])
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
      .selectFrom('bundles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    topics: topicRows.map((row) => ({
      id: row.id,
      isGeneral: row.is_general === 1,
      visibility: row.visibility as Visibility,
      topic: JSON.parse(row.data) as Topic,
    })),
    groups: groupRows.map((row) => ({
      id: row.id,
      visibility: row.visibility as Visibility,
      group: JSON.parse(row.data) as Omit<TopicGroup, 'topics'>,
      topicIds: links.filter((l) => l.group_id === row.id).map((l) => l.topic_id),
    })),
    bundleCount: Number(bundleCount.n),
  };
}

/** The organisation's bundles, in pack order. */
/** One bundle of the organisation, or undefined. */
export async function bundleOf(
  db: Executor,
  orgId: string,
  bundleId: string,
): Promise<Bundle | undefined> {
  const row = await db.kysely
    .selectFrom('bundles')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', bundleId)
    .executeTakeFirst();
  return row && (JSON.parse(row.data) as Bundle);
}

export async function bundlesOf(db: Executor, orgId: string): Promise<Bundle[]> {
  const rows = await db.kysely
    .selectFrom('bundles')
    .select('data')
    .where('org_id', '=', orgId)
    .orderBy('position')
    .execute();
  return rows.map((row) => JSON.parse(row.data) as Bundle);
}

/**
 * A topic's visibility and the user groups that grant it (issue 24: which bundles unlock it), or
 * undefined for a topic the organisation does not have.
 */
export async function topicGrantsOf(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<{ visibility: Visibility; groupIds: string[] } | undefined> {
  const topic = await db.kysely
    .selectFrom('topics')
    .select('visibility')
    .where('org_id', '=', orgId)
    .where('id', '=', topicId)
    .where('archived', '=', 0)
    .executeTakeFirst();
  if (!topic) return undefined;
  const rows = await db.kysely
    .selectFrom('user_group_topics')
    .select('group_id')
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .execute();
  return { visibility: topic.visibility as Visibility, groupIds: rows.map((r) => r.group_id) };
}
