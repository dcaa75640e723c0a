import { gradeWorksheet, localise, type GroupTopic } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Caches, NamedCache } from '../../cache';
import type { Db } from '../../db/database';
import type { MemberSummary } from '../../db/repositories/group-admin';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { groupWithTopics } from '../../db/repositories/user-groups';
import { assertGroupAdmin, type Viewer } from '../../policies';
import { notFound } from '../errors';
import { type InvitationService } from '../invitations';
import { gradablePages, type ProgressService } from '../progress-service';
import type { TopicCache } from '../topic-cache';
import type { ViewerService } from '../viewer-service';
import type { WorkbookService } from '../workbooks';

export const now = () => new Date().toISOString();

export type Admin = Viewer & { userId: string };

/** A group's member sums as read, in name order, with the orders asked for so far. */
export interface Summaries {
  rows: ReadonlyArray<MemberSummary & { name: string; search: string }>;
  sorted: Map<string, readonly MemberSummary[]>;
}

/** What the group use cases share: their services and this process's member sums. */
export interface GroupsContext {
  db: Db;
  topics: TopicCache;
  workbooks: WorkbookService;
  progress: ProgressService;
  viewers: ViewerService;
  invitations: InvitationService;
  log: FastifyBaseLogger;
  caches: Caches;
  /**
   * Each group's member sums: dropped when progress is written in this process or a member is
   * removed (any process); after a second they are answered as they are while they are read
   * again in the background (the saves of other processes).
   */
  recentSummaries: NamedCache<SummariesArgs, Summaries>;
}

/** Which member sums: a group's, over the topics asked for. */
export interface SummariesArgs {
  orgId: string;
  groupId: string;
  topicIds: string[];
}

export const adminsSeeAnswers = (org: OrganisationRecord) =>
  (org.settings.constraints as { adminsSeeAnswers?: boolean }).adminsSeeAnswers === true;

/**
 * The group and its topics (a cohort's: its parent's too), for one of its administrators;
 * 404/403 for anyone else.
 */
export async function groupForAdmin(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  locale: string,
) {
  assertGroupAdmin(viewer, groupId);
  const group = await groupWithTopics(ctx.db, org.id, groupId);
  if (!group) throw notFound('groupNotFound');
  const topics: Array<GroupTopic & { pageIds: string[] }> = [];
  for (const topicId of group.topicIds) {
    const stored = await ctx.topics.load(org, topicId);
    if (!stored) continue;
    const scored = gradeWorksheet(gradablePages(stored.topic), {});
    topics.push({
      _id: topicId,
      name: localise(stored.topic.name, locale),
      pages: stored.topic.pages.length,
      total: scored.total,
      pageIds: stored.topic.pages.map((p) => p._id),
    });
  }
  return {
    id: groupId,
    name: localise(group.name, locale),
    parent: group.parent && { _id: group.parent.id, name: localise(group.parent.name, locale) },
    isCohort: group.parentId !== null,
    topics,
  };
}
