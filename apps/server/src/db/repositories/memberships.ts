import type { OrgRole, UserGroup } from '@portal/domain';
import { sql } from 'kysely';
import { prepared } from '../prepared';
import { perDatabase, type Executor } from './executor';
import { parseRoles } from './roles';

export type GroupRole = 'member' | 'admin';

export interface Grant {
  groupId: string;
  role: GroupRole;
  /** The group a cohort belongs to, or null. */
  parentId: string | null;
  /** A topic the group (or a cohort's parent) grants, or null for a group that grants none. */
  topicId: string | null;
}

/**
 * One row per topic of each group of the learner: its own topics and, for a cohort, its parent's
 * (docs/design.md §9). Then, for each group the learner administers, its cohorts, administered
 * through it (without topics: the parent grants them already).
 */
const grantQuery = perDatabase((db) =>
  prepared(
    db.kysely,
    (k, orgId: string, userId: string) =>
      k
        .selectFrom('user_group_members as m')
        .innerJoin('user_groups as g', (join) =>
          join.onRef('g.org_id', '=', 'm.org_id').onRef('g.id', '=', 'm.group_id'),
        )
        .leftJoin('user_group_topics as t', (join) =>
          join
            .onRef('t.org_id', '=', 'm.org_id')
            .on((eb) =>
              eb.or([
                eb('t.group_id', '=', eb.ref('m.group_id')),
                eb('t.group_id', '=', eb.ref('g.parent_id')),
              ]),
            ),
        )
        .select(['m.group_id', 'm.role', 'g.parent_id', 't.topic_id'])
        .where('m.org_id', '=', orgId)
        .where('m.user_id', '=', userId)
        .unionAll(
          k
            .selectFrom('user_group_members as a')
            .innerJoin('user_groups as c', (join) =>
              join.onRef('c.org_id', '=', 'a.org_id').onRef('c.parent_id', '=', 'a.group_id'),
            )
            .select([
              'c.id as group_id',
              sql<string>`'admin'`.as('role'),
              'c.parent_id',
              sql<string | null>`NULL`.as('topic_id'),
            ])
            .where('a.org_id', '=', orgId)
            .where('a.user_id', '=', userId)
            .where('a.role', '=', 'admin'),
        )
        // The account's own row, carrying its roles (design §13) in `topic_id`: the viewer is
        // read in one statement, not two (a live stream checks its viewer every second).
        .unionAll(
          k
            .selectFrom('users as u')
            .select([
              sql<string>`''`.as('group_id'),
              sql<string>`'account'`.as('role'),
              sql<string | null>`NULL`.as('parent_id'),
              sql<string | null>`u.roles`.as('topic_id'),
            ])
            .where('u.org_id', '=', orgId)
            .where('u.id', '=', userId),
        ),
    2,
  ),
);

/**
 * What a viewer is made of, in one statement: the learner's user groups, their role in each and
 * the topics each grants (one row per topic), and the account's roles in the organisation.
 */
export async function viewerFactsOf(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<{ grants: Grant[]; roles: OrgRole[] }> {
  const rows = await grantQuery(db)(orgId, userId);
  const grants: Grant[] = [];
  let roles: OrgRole[] = [];
  for (const r of rows) {
    if (r.role === 'account') roles = parseRoles(r.topic_id);
    else
      grants.push({
        groupId: r.group_id,
        role: r.role === 'admin' ? 'admin' : 'member',
        parentId: r.parent_id,
        topicId: r.topic_id,
      });
  }
  return { grants, roles };
}

export interface Membership {
  groupId: string;
  group: Omit<UserGroup, 'topics'>;
  role: GroupRole;
  parentId: string | null;
  /** Administered through its parent group (a cohort under a group the learner administers). */
  isInherited: boolean;
}

/**
 * A learner's user groups with their pack data, in order: the groups they belong to, and the
 * cohorts under the groups they administer (each after its parent).
 */
export async function membershipsOf(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<Membership[]> {
  const own = await db.kysely
    .selectFrom('user_group_members')
    .innerJoin('user_groups', (join) =>
      join
        .onRef('user_groups.id', '=', 'user_group_members.group_id')
        .onRef('user_groups.org_id', '=', 'user_group_members.org_id'),
    )
    .select([
      'user_groups.id',
      'user_groups.data',
      'user_groups.parent_id',
      'user_groups.position',
      'user_group_members.role',
    ])
    .where('user_group_members.user_id', '=', userId)
    .where('user_group_members.org_id', '=', orgId)
    .orderBy('user_groups.position')
    .execute();
  const administered = own.filter((g) => g.role === 'admin').map((g) => g.id);
  const inherited = administered.length
    ? await db.kysely
        .selectFrom('user_groups')
        .select(['id', 'data', 'parent_id', 'position'])
        .where('org_id', '=', orgId)
        .where('parent_id', 'in', administered)
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const seen = new Set(own.map((g) => g.id));
  const memberships: Membership[] = own.map((g) => ({
    groupId: g.id,
    group: JSON.parse(g.data) as Omit<UserGroup, 'topics'>,
    role: g.role === 'admin' ? 'admin' : 'member',
    parentId: g.parent_id,
    isInherited: false,
  }));
  for (const c of inherited) {
    if (seen.has(c.id)) {
      // A member of a cohort who administers its parent administers it too.
      const mine = memberships.find((m) => m.groupId === c.id)!;
      mine.role = 'admin';
      continue;
    }
    memberships.push({
      groupId: c.id,
      group: JSON.parse(c.data) as Omit<UserGroup, 'topics'>,
      role: 'admin',
      parentId: c.parent_id,
      isInherited: true,
    });
  }
  // Each cohort right after its parent, when the parent is in the list.
  const order = new Map<string, number>();
  memberships.forEach((m, i) => order.set(m.groupId, i));
  const rank = (m: Membership) =>
    m.parentId !== null && order.has(m.parentId)
      ? order.get(m.parentId)! + 0.5 + order.get(m.groupId)! / 1e6
      : order.get(m.groupId)!;
  return memberships.sort((a, b) => rank(a) - rank(b));
}

export async function addMember(
  db: Executor,
  member: { orgId: string; groupId: string; userId: string; role: GroupRole },
): Promise<void> {
  await db.kysely
    .insertInto('user_group_members')
    .values({
      org_id: member.orgId,
      group_id: member.groupId,
      user_id: member.userId,
      role: member.role,
    })
    .execute();
}

/** Adds the learner to the group as a member, unless they are in it already (in any role). */
export async function ensureMember(
  db: Executor,
  member: { orgId: string; groupId: string; userId: string },
): Promise<void> {
  await db.kysely
    .insertInto('user_group_members')
    .values({
      org_id: member.orgId,
      group_id: member.groupId,
      user_id: member.userId,
      role: 'member',
    })
    .onConflict((oc) => oc.columns(['org_id', 'group_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Makes the learner an administrator of the group: added as one, or raised from member. The
 * primary key (org, group, user) keeps one membership however often this runs.
 */
export async function makeGroupAdmin(
  db: Executor,
  member: { orgId: string; groupId: string; userId: string },
): Promise<void> {
  await db.kysely
    .insertInto('user_group_members')
    .values({
      org_id: member.orgId,
      group_id: member.groupId,
      user_id: member.userId,
      role: 'admin',
    })
    .onConflict((oc) =>
      oc.columns(['org_id', 'group_id', 'user_id']).doUpdateSet({ role: 'admin' }),
    )
    .execute();
}
