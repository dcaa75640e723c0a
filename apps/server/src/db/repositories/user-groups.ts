import type { LocalisedText } from '@portal/domain';
import type { GroupOrigin } from '../schema';
import { prepared } from '../prepared';
import { perDatabase, type Executor } from './executor';

/**
 * User groups and cohorts (docs/design.md §9). A cohort is a group whose `parent_id` names the
 * group it belongs to (its members see that group's topics too); a purchase's cohort has an
 * `owner_id`, the buyer.
 */

export interface UserGroupRecord {
  id: string;
  name: LocalisedText;
  parentId: string | null;
  ownerId: string | null;
  origin: GroupOrigin;
}

const toRecord = (row: {
  id: string;
  data: string;
  parent_id: string | null;
  owner_id: string | null;
  origin: string;
}): UserGroupRecord => ({
  id: row.id,
  name: (JSON.parse(row.data) as { name: LocalisedText }).name,
  parentId: row.parent_id,
  ownerId: row.owner_id,
  origin: row.origin === 'purchase' ? 'purchase' : 'pack',
});

/** One user group of the organisation, or undefined. */
export async function findUserGroup(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<UserGroupRecord | undefined> {
  const row = await db.kysely
    .selectFrom('user_groups')
    .select(['id', 'data', 'parent_id', 'owner_id', 'origin'])
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * A group with its topic ids: its own in pack order, then (a cohort) its parent's, each once;
 * and its parent. Undefined for an unknown group.
 */
export async function groupWithTopics(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<(UserGroupRecord & { topicIds: string[]; parent: UserGroupRecord | null }) | undefined> {
  const group = await findUserGroup(db, orgId, groupId);
  if (!group) return undefined;
  const parent = group.parentId ? ((await findUserGroup(db, orgId, group.parentId)) ?? null) : null;
  const owners = parent ? [group.id, parent.id] : [group.id];
  const rows = await db.kysely
    .selectFrom('user_group_topics')
    .select(['group_id', 'topic_id'])
    .where('org_id', '=', orgId)
    .where('group_id', 'in', owners)
    .orderBy('position')
    .execute();
  const topicIds: string[] = [];
  for (const owner of owners)
    for (const row of rows)
      if (row.group_id === owner && !topicIds.includes(row.topic_id)) topicIds.push(row.topic_id);
  return { ...group, topicIds, parent };
}

/** The buyer's cohort under a group, if they have one. */
export async function cohortOwnedBy(
  db: Executor,
  orgId: string,
  parentId: string,
  ownerId: string,
): Promise<UserGroupRecord | undefined> {
  const row = await db.kysely
    .selectFrom('user_groups')
    .select(['id', 'data', 'parent_id', 'owner_id', 'origin'])
    .where('org_id', '=', orgId)
    .where('parent_id', '=', parentId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Makes the buyer's cohort under `parentId`, or finds the one they have (one per buyer and
 * group: a unique index decides between two purchases fulfilled at once).
 */
export async function ensureCohort(
  db: Executor,
  cohort: { orgId: string; id: string; parentId: string; ownerId: string; name: LocalisedText },
): Promise<UserGroupRecord> {
  const existing = await cohortOwnedBy(db, cohort.orgId, cohort.parentId, cohort.ownerId);
  if (existing) return existing;
  const last = await db.kysely
    .selectFrom('user_groups')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('org_id', '=', cohort.orgId)
    .executeTakeFirst();
  await db.kysely
    .insertInto('user_groups')
    .values({
      org_id: cohort.orgId,
      id: cohort.id,
      position: Math.max(1_000_000, Number(last?.position ?? 0) + 1),
      data: JSON.stringify({ _id: cohort.id, name: cohort.name }),
      parent_id: cohort.parentId,
      owner_id: cohort.ownerId,
      origin: 'purchase',
    })
    .onConflict((oc) => oc.columns(['org_id', 'owner_id', 'parent_id']).doNothing())
    .execute();
  return (await cohortOwnedBy(db, cohort.orgId, cohort.parentId, cohort.ownerId))!;
}

/** A cohort under a group, with its owner, its member count and its seats. */
export interface CohortRow {
  id: string;
  name: LocalisedText;
  ownerId: string | null;
  ownerName: string | null;
  members: number;
  bought: number;
  used: number;
}

/**
 * The cohorts under a group with their owner, member count and seats, compiled once per database
 * (every members page of a parent group asks it; PostgreSQL plans it once per connection).
 */
const cohortsQuery = perDatabase((db) =>
  prepared(
    db.kysely,
    (k, orgId: string, parentId: string) =>
      k
        .selectFrom('user_groups as c')
        .leftJoin('users as o', (join) =>
          join.onRef('o.id', '=', 'c.owner_id').onRef('o.org_id', '=', 'c.org_id'),
        )
        .select([
          'c.id',
          'c.data',
          'c.owner_id',
          'o.first_name',
          'o.last_name',
          'o.username',
          (eb) =>
            eb
              .selectFrom('user_group_members as m')
              .select((e) => e.fn.countAll<number | string>().as('n'))
              .whereRef('m.org_id', '=', 'c.org_id')
              .whereRef('m.group_id', '=', 'c.id')
              .where('m.role', '=', 'member')
              .as('members'),
          (eb) =>
            eb
              .selectFrom('orders as b')
              .select((e) => e.fn.sum<number | string>('b.quantity').as('n'))
              .whereRef('b.org_id', '=', 'c.org_id')
              .whereRef('b.cohort_id', '=', 'c.id')
              .where('b.status', '=', 'fulfilled')
              .as('bought'),
          (eb) =>
            eb
              .selectFrom('invites as i')
              .select((e) => e.fn.countAll<number | string>().as('n'))
              .whereRef('i.org_id', '=', 'c.org_id')
              .whereRef('i.group_id', '=', 'c.id')
              .where('i.used_by', 'is not', null)
              .where('i.revoked_at', 'is', null)
              .as('used'),
        ])
        .where('c.org_id', '=', orgId)
        .where('c.parent_id', '=', parentId)
        .orderBy('c.position')
        .orderBy('c.id'),
    2,
  ),
);

/** Every cohort under a group, in the order they were made: one query, whatever their number. */
export async function cohortsUnder(
  db: Executor,
  orgId: string,
  parentId: string,
): Promise<CohortRow[]> {
  const rows = await cohortsQuery(db)(orgId, parentId);
  return rows.map((r) => ({
    id: r.id,
    name: (JSON.parse(r.data) as { name: LocalisedText }).name,
    ownerId: r.owner_id,
    ownerName: r.owner_id
      ? `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || (r.username ?? '')
      : null,
    members: Number(r.members ?? 0),
    bought: Number(r.bought ?? 0),
    used: Number(r.used ?? 0),
  }));
}

/** Ids of the groups of the organisation a purchase made (imports keep them). */
export async function purchasedGroupIds(db: Executor, orgId: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('user_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('origin', '=', 'purchase')
    .execute();
  return rows.map((r) => r.id);
}
