import type { Executor } from './executor';
import { inviteRows } from './invites';

/**
 * What a group's administrators see (docs/design.md §12): its members with their stored
 * progress, its seats and its invitations. Progress rows are written after each save
 * (services/progress-service.ts); nothing here grades a workbook.
 */

/** A worksheet's progress row. */
export interface ProgressRow {
  userId: string;
  topicId: string;
  worksheetIndex: number;
  completedPages: number;
  pages: number;
  score: number;
  total: number;
}

/** A member with the sums of their progress over the group's topics (for sorting). */
export interface MemberSummary {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  joinedAt: string;
  lastActiveAt: string | null;
  completedPages: number;
  score: number;
}

/** A group's name (pack JSON) and its topic ids in pack order; undefined for an unknown group. */
export async function groupWithTopics(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<{ data: string; topicIds: string[] } | undefined> {
  const group = await db.kysely
    .selectFrom('user_groups')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return undefined;
  const topics = await db.kysely
    .selectFrom('user_group_topics')
    .select('topic_id')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .orderBy('position')
    .execute();
  return { data: group.data, topicIds: topics.map((t) => t.topic_id) };
}

/** The groups a learner administers, in pack order. */
export async function groupsAdministeredBy(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<Array<{ id: string; data: string }>> {
  return db.kysely
    .selectFrom('user_group_members')
    .innerJoin('user_groups', (join) =>
      join
        .onRef('user_groups.id', '=', 'user_group_members.group_id')
        .onRef('user_groups.org_id', '=', 'user_group_members.org_id'),
    )
    .select(['user_groups.id', 'user_groups.data'])
    .where('user_group_members.org_id', '=', orgId)
    .where('user_group_members.user_id', '=', userId)
    .where('user_group_members.role', '=', 'admin')
    .orderBy('user_groups.position')
    .execute();
}

/**
 * Every member (not administrator) of a group, with when they joined (their invitation's use,
 * else their account's creation), their last save and the sums of their progress over
 * `topicIds`: one query, whatever the group's size.
 */
export async function memberSummaries(
  db: Executor,
  orgId: string,
  groupId: string,
  topicIds: readonly string[],
): Promise<MemberSummary[]> {
  const topics = topicIds.length ? [...topicIds] : [''];
  const rows = await db.kysely
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'm.user_id').onRef('u.org_id', '=', 'm.org_id'),
    )
    .leftJoin('workbooks as w', (join) =>
      join.onRef('w.org_id', '=', 'm.org_id').onRef('w.user_id', '=', 'm.user_id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('invites')
          .select(['used_by', (e) => e.fn.max('used_at').as('joined_at')])
          .where('org_id', '=', orgId)
          .where('group_id', '=', groupId)
          .where('used_by', 'is not', null)
          .groupBy('used_by')
          .as('j'),
      (join) => join.onRef('j.used_by', '=', 'm.user_id'),
    )
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.created_at',
      'w.updated_at as last_active_at',
      'j.joined_at',
      // Each member's sums by the progress table's key (org, user, …): one seek per member.
      (eb) =>
        eb
          .selectFrom('worksheet_progress as p')
          .select((e) => e.fn.sum<number | string>('p.completed_pages').as('done'))
          .whereRef('p.org_id', '=', 'm.org_id')
          .whereRef('p.user_id', '=', 'm.user_id')
          .where('p.topic_id', 'in', topics)
          .as('done'),
      (eb) =>
        eb
          .selectFrom('worksheet_progress as p')
          .select((e) => e.fn.sum<number | string>('p.score').as('score'))
          .whereRef('p.org_id', '=', 'm.org_id')
          .whereRef('p.user_id', '=', 'm.user_id')
          .where('p.topic_id', 'in', topics)
          .as('score'),
    ])
    .where('m.org_id', '=', orgId)
    .where('m.group_id', '=', groupId)
    .where('m.role', '=', 'member')
    .execute();
  return rows.map((r) => ({
    userId: r.id,
    username: r.username,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    joinedAt: (r.joined_at as string | null) ?? r.created_at,
    lastActiveAt: r.last_active_at,
    completedPages: Number(r.done ?? 0),
    score: Number(r.score ?? 0),
  }));
}

/** How many members (not administrators) a group has. */
export async function memberCount(db: Executor, orgId: string, groupId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('user_group_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('role', '=', 'member')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The progress rows of these learners on these topics. */
export async function progressOf(
  db: Executor,
  orgId: string,
  userIds: readonly string[],
  topicIds: readonly string[],
): Promise<ProgressRow[]> {
  if (!userIds.length || !topicIds.length) return [];
  const rows = await db.kysely
    .selectFrom('worksheet_progress')
    .select([
      'user_id',
      'topic_id',
      'worksheet_index',
      'completed_pages',
      'pages',
      'score',
      'total',
    ])
    .where('org_id', '=', orgId)
    .where('user_id', 'in', [...userIds])
    .where('topic_id', 'in', [...topicIds])
    .orderBy('user_id')
    .orderBy('topic_id')
    .orderBy('worksheet_index')
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    topicId: r.topic_id,
    worksheetIndex: Number(r.worksheet_index),
    completedPages: Number(r.completed_pages),
    pages: Number(r.pages),
    score: Number(r.score),
    total: Number(r.total),
  }));
}

/**
 * Replaces a learner's progress on `topicIds` with `rows` (a topic's worksheets may have been
 * removed or renumbered), in one transaction of the caller's.
 */
export async function replaceProgress(
  db: Executor,
  orgId: string,
  userId: string,
  topicIds: readonly string[],
  rows: readonly Omit<ProgressRow, 'userId'>[],
  at: string,
): Promise<void> {
  if (!topicIds.length) return;
  await db.kysely
    .deleteFrom('worksheet_progress')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('topic_id', 'in', [...topicIds])
    .execute();
  for (let i = 0; i < rows.length; i += 100)
    await db.kysely
      .insertInto('worksheet_progress')
      .values(
        rows.slice(i, i + 100).map((r) => ({
          org_id: orgId,
          user_id: userId,
          topic_id: r.topicId,
          worksheet_index: r.worksheetIndex,
          completed_pages: r.completedPages,
          pages: r.pages,
          score: r.score,
          total: r.total,
          updated_at: at,
        })),
      )
      .execute();
}

/** An invitation of a group, with who used it (their email) and who it is addressed to. */
export interface GroupInviteRecord {
  id: string;
  orderId: string | null;
  emailKey: string | null;
  usedBy: string | null;
  usedByEmail: string | null;
  usedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  addresseeHasAccount: boolean;
}

/** How many invitations of a group are pending, used by a current member, revoked. */
export async function inviteCounts(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<{ pending: number; used: number; revoked: number }> {
  const rows = await db.kysely
    .selectFrom('invites')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb
        .case()
        .when('revoked_at', 'is not', null)
        .then('revoked')
        .when('used_by', 'is not', null)
        .then('used')
        .else('pending')
        .end()
        .as('status'),
    ])
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .groupBy('status')
    .execute();
  const counts = { pending: 0, used: 0, revoked: 0 };
  for (const row of rows) counts[row.status as keyof typeof counts] = Number(row.n);
  return counts;
}

/**
 * The invitations of a group (or the one `inviteId`), oldest first; `notUsed` leaves out those
 * used by a current member (each is its member's row on the group's page).
 */
export async function invitesOfGroup(
  db: Executor,
  orgId: string,
  groupId: string,
  inviteId?: string,
  notUsed = false,
): Promise<GroupInviteRecord[]> {
  let query = inviteRows(db, orgId).where('invites.group_id', '=', groupId);
  if (inviteId) query = query.where('invites.id', '=', inviteId);
  if (notUsed)
    query = query.where((eb) =>
      eb.or([eb('invites.used_by', 'is', null), eb('invites.revoked_at', 'is not', null)]),
    );
  const rows = await query.orderBy('invites.created_at').orderBy('invites.id').execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    emailKey: r.email_key,
    usedBy: r.used_by,
    usedByEmail: r.used_by_email,
    usedAt: r.used_at,
    revokedAt: r.revoked_at,
    createdAt: r.created_at,
    addresseeHasAccount: r.addressee_id !== null,
  }));
}

/** Seats bought for a group (its fulfilled orders), and its latest fulfilled order. */
export async function seatsBought(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<{ bought: number; latestOrderId: string | null }> {
  const orders = await db.kysely
    .selectFrom('orders')
    .select(['id', 'quantity'])
    .where('org_id', '=', orgId)
    .where('user_group_id', '=', groupId)
    .where('status', '=', 'fulfilled')
    .orderBy('fulfilled_at', 'desc')
    .execute();
  return {
    bought: orders.reduce((sum, o) => sum + Number(o.quantity), 0),
    latestOrderId: orders[0]?.id ?? null,
  };
}

/** Email keys of a group's members and administrators among `emailKeys`. */
export async function memberEmailKeys(
  db: Executor,
  orgId: string,
  groupId: string,
  emailKeys: readonly string[],
): Promise<Set<string>> {
  if (!emailKeys.length) return new Set();
  const rows = await db.kysely
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'm.user_id').onRef('u.org_id', '=', 'm.org_id'),
    )
    .select('u.email_key')
    .where('m.org_id', '=', orgId)
    .where('m.group_id', '=', groupId)
    .where('u.email_key', 'in', [...emailKeys])
    .execute();
  return new Set(rows.map((r) => r.email_key));
}

/**
 * Takes a member out of a group (not an administrator): their used invitation is revoked, so
 * its seat is free again. False when they were not a member.
 */
export async function removeMember(
  db: Executor,
  orgId: string,
  groupId: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const removed = await db.kysely
    .deleteFrom('user_group_members')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('role', '=', 'member')
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) return false;
  await db.kysely
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('used_by', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** The role of a learner in a group, or undefined. */
export async function roleIn(
  db: Executor,
  orgId: string,
  groupId: string,
  userId: string,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('user_group_members')
    .select('role')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** New unused invitations of a group (freed seats made usable again), for no email yet. */
export async function insertGroupInvites(
  db: Executor,
  invites: { orgId: string; groupId: string; orderId: string | null; ids: string[]; at: string },
): Promise<void> {
  if (!invites.ids.length) return;
  await db.kysely
    .insertInto('invites')
    .values(
      invites.ids.map((id) => ({
        id,
        org_id: invites.orgId,
        group_id: invites.groupId,
        order_id: invites.orderId,
        email_key: null,
        created_at: invites.at,
        used_by: null,
        used_at: null,
      })),
    )
    .execute();
}
