import type { UserGroup } from '@portal/domain';
import { prepared } from '../prepared';
import { perDatabase, type Executor } from './executor';

export type GroupRole = 'member' | 'admin';

export interface Grant {
  groupId: string;
  role: GroupRole;
  /** A topic the group grants, or null for a group that grants none. */
  topicId: string | null;
}

const grantQuery = perDatabase((db) =>
  prepared(
    db.kysely,
    (k, orgId: string, userId: string) =>
      k
        .selectFrom('user_group_members')
        .leftJoin('user_group_topics', (join) =>
          join
            .onRef('user_group_topics.group_id', '=', 'user_group_members.group_id')
            .onRef('user_group_topics.org_id', '=', 'user_group_members.org_id'),
        )
        .select([
          'user_group_members.group_id',
          'user_group_members.role',
          'user_group_topics.topic_id',
        ])
        .where('user_group_members.org_id', '=', orgId)
        .where('user_group_members.user_id', '=', userId),
    2,
  ),
);

/** A learner's user groups, their role in each and the topics each grants: one row per topic. */
export async function grantsOf(db: Executor, orgId: string, userId: string): Promise<Grant[]> {
  const rows = await grantQuery(db)(orgId, userId);
  return rows.map((r) => ({
    groupId: r.group_id,
    role: r.role === 'admin' ? 'admin' : 'member',
    topicId: r.topic_id,
  }));
}

export interface Membership {
  groupId: string;
  group: Omit<UserGroup, 'topics'>;
  role: GroupRole;
}

/** A learner's user groups with their pack data, in pack order. */
export async function membershipsOf(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<Membership[]> {
  const rows = await db.kysely
    .selectFrom('user_group_members')
    .innerJoin('user_groups', (join) =>
      join
        .onRef('user_groups.id', '=', 'user_group_members.group_id')
        .onRef('user_groups.org_id', '=', 'user_group_members.org_id'),
    )
    .select(['user_groups.id', 'user_groups.data', 'user_group_members.role'])
    .where('user_group_members.user_id', '=', userId)
    .where('user_group_members.org_id', '=', orgId)
    .orderBy('user_groups.position')
    .execute();
  return rows.map((g) => ({
    groupId: g.id,
    group: JSON.parse(g.data) as Omit<UserGroup, 'topics'>,
    role: g.role === 'admin' ? 'admin' : 'member',
  }));
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

// Invitations to a user group (sign up with `inviteId`).

/** An unused invitation of the organisation, for this email (or for anyone). */
export function findUsableInvite(
  db: Executor,
  orgId: string,
  inviteId: string,
  emailKey: string,
): Promise<{ id: string; group_id: string } | undefined> {
  return db.kysely
    .selectFrom('invites')
    .select(['id', 'group_id'])
    .where('id', '=', inviteId)
    .where('org_id', '=', orgId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('email_key', 'is', null), eb('email_key', '=', emailKey)]))
    .executeTakeFirst();
}

/** Claims an invitation for `userId`; false when someone used it first. */
export async function claimInvite(
  db: Executor,
  inviteId: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const claimed = await db.kysely
    .updateTable('invites')
    .set({ used_by: userId, used_at: at })
    .where('id', '=', inviteId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
