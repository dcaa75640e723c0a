import type { Executor } from './executor';
import { revokeUsedBy } from './invitations';

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

/**
 * The progress rows of these learners on these topics. The learners are looked up by the
 * table's key (org, user) and their rows of other topics left out here: asking the database for
 * both lists made PostgreSQL look up every pair (or scan the table) instead.
 */
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
    .orderBy('user_id')
    .orderBy('topic_id')
    .orderBy('worksheet_index')
    .execute();
  const topics = new Set(topicIds);
  const progress: ProgressRow[] = [];
  for (const r of rows)
    if (topics.has(r.topic_id))
      progress.push({
        userId: r.user_id,
        topicId: r.topic_id,
        worksheetIndex: Number(r.worksheet_index),
        completedPages: Number(r.completed_pages),
        pages: Number(r.pages),
        score: Number(r.score),
        total: Number(r.total),
      });
  return progress;
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
  await revokeUsedBy(db, orgId, groupId, userId, at);
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
