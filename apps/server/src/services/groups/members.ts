import {
  localise,
  resolveLocale,
  type CohortSummary,
  type GroupMember,
  type GroupMembersAnswer,
  type MembersQuery,
} from '@portal/domain';
import { inTransaction } from '../../db/repositories/executor';
import {
  progressOf,
  removeMember as removeFromGroup,
  roleIn,
  type MemberSummary,
} from '../../db/repositories/group-admin';
import { membershipsOf } from '../../db/repositories/memberships';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { cohortsUnder } from '../../db/repositories/user-groups';
import { assertGroupAdmin, type Viewer } from '../../policies';
import { presentCohort, presentMember } from '../../presenters/groups';
import { conflict, notFound } from '../errors';
import { adminsSeeAnswers, groupForAdmin, now, type Admin, type GroupsContext } from './context';
import { sortedMembers } from './summaries';

/** The groups the viewer administers, cohorts under them included (the avatar menu's "My groups"). */
export async function adminGroups(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Admin,
  locale: string,
) {
  const groups = await membershipsOf(ctx.db, org.id, viewer.userId);
  return groups
    .filter((g) => g.role === 'admin')
    .map((g) => ({
      _id: g.groupId,
      name: localise(g.group.name, locale),
      parentId: g.parentId,
    }));
}

export async function members(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  query: MembersQuery,
  requestLocale: string,
): Promise<GroupMembersAnswer> {
  const locale = resolveLocale(query.locale ?? requestLocale, org.settings.locales);
  const group = await groupForAdmin(ctx, org, viewer, groupId, locale);
  // Saves this process answered are in the progress table before it is read.
  await ctx.progress.settled();
  const topicIds = group.topics.map((t) => t._id);
  const [sorted, invitations, cohorts] = await Promise.all([
    sortedMembers(ctx, org, groupId, topicIds, query),
    ctx.invitations.summary(org.id, groupId),
    group.isCohort ? [] : cohortsOf(ctx, org, groupId, locale),
  ]);
  const page = sorted.slice(query.offset, query.offset + query.limit);
  const members = await withProgress(ctx, org, page, topicIds);
  return {
    group: { _id: group.id, name: group.name, parent: group.parent },
    topics: group.topics.map(({ pageIds: _, ...topic }) => topic),
    members,
    count: sorted.length,
    offset: query.offset,
    limit: query.limit,
    seats: invitations.seats,
    invites: invitations.invitations,
    inviteCounts: invitations.counts,
    cohorts,
    answersVisible: adminsSeeAnswers(org),
  };
}

/** The cohorts under a group, for its administrators' cohort picker. */
async function cohortsOf(
  ctx: GroupsContext,
  org: OrganisationRecord,
  groupId: string,
  locale: string,
): Promise<CohortSummary[]> {
  return (await cohortsUnder(ctx.db, org.id, groupId)).map((c) =>
    presentCohort(c, localise(c.name, locale)),
  );
}

export async function withProgress(
  ctx: GroupsContext,
  org: OrganisationRecord,
  page: MemberSummary[],
  topicIds: string[],
): Promise<GroupMember[]> {
  const rows = await progressOf(
    ctx.db,
    org.id,
    page.map((m) => m.userId),
    topicIds,
  );
  const byUser = new Map<string, GroupMember['progress']>();
  for (const { userId, ...row } of rows) {
    let list = byUser.get(userId);
    if (!list) byUser.set(userId, (list = []));
    list.push(row);
  }
  return page.map((m) => presentMember(m, byUser.get(m.userId) ?? []));
}

/** Takes a member out of the group: their seat is free again; their workbook stays theirs. */
export async function removeMember(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  accountId: string,
): Promise<void> {
  assertGroupAdmin(viewer, groupId);
  const role = await roleIn(ctx.db, org.id, groupId, accountId);
  if (role === 'admin') throw conflict('adminNotRemovable');
  const removed = await inTransaction(ctx.db, (tx) =>
    removeFromGroup(tx, org.id, groupId, accountId, now()),
  );
  if (!removed) throw notFound('memberNotFound');
  ctx.viewers.forget(org.id, accountId);
  void ctx.caches.changed({ group: { org: org.id, group: groupId } });
}
