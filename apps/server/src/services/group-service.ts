import {
  gradeWorksheet,
  localise,
  resolveLocale,
  type CohortSummary,
  type GroupMember,
  type GroupMembersAnswer,
  type GroupTopic,
  type MemberReportAnswer,
  type MembersQuery,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import { inTransaction } from '../db/repositories/executor';
import {
  memberCount,
  memberSummaries,
  progressOf,
  removeMember,
  roleIn,
  type MemberSummary,
} from '../db/repositories/group-admin';
import { membershipsOf } from '../db/repositories/memberships';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { cohortsUnder, groupWithTopics } from '../db/repositories/user-groups';
import { assertGroupAdmin, type Viewer } from '../policies';
import { conflict, notFound } from './errors';
import type { InvitationService } from './invitation-service';
import { gradablePages, type ProgressService } from './progress-service';
import type { TopicCache } from './topic-cache';
import type { ViewerService } from './viewer-service';
import type { WorkbookService } from './workbook-service';


/** How long a group's member sums are reused (see GroupService.summaries). */
const SUMMARIES_TRUSTED_MS = 1_000;
const now = () => new Date().toISOString();

type Admin = Viewer & { userId: string };

/** A group's member sums as read, in name order, with the orders asked for so far. */
interface Summaries {
  version: number;
  /** When it was read (Date.now()). */
  at: number;
  rows: ReadonlyArray<MemberSummary & { name: string; search: string }>;
  sorted: Map<string, readonly MemberSummary[]>;
}

/**
 * The group's page for its administrators (docs/design.md §12): a cohort's administrators see
 * their cohort; the administrators of a group see it, with the cohorts under it to open.
 */
export class GroupService {
  private readonly recentSummaries = new LRUCache<string, Summaries>({ max: 100 });
  /** Re-reads under way in the background, by cache key. */
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly topics: TopicCache,
    private readonly workbooks: WorkbookService,
    private readonly progress: ProgressService,
    private readonly viewers: ViewerService,
    private readonly invitations: InvitationService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The groups the viewer administers, cohorts under them included (the avatar menu's "My groups"). */
  async adminGroups(org: OrganisationRecord, viewer: Admin, locale: string) {
    const groups = await membershipsOf(this.db, org.id, viewer.userId);
    return groups
      .filter((g) => g.role === 'admin')
      .map((g) => ({
        _id: g.groupId,
        name: localise(g.group.name, locale),
        parentId: g.parentId,
      }));
  }

  /**
   * The group and its topics (a cohort's: its parent's too), for one of its administrators;
   * 404/403 for anyone else.
   */
  private async group(org: OrganisationRecord, viewer: Viewer, groupId: string, locale: string) {
    assertGroupAdmin(viewer, groupId);
    const group = await groupWithTopics(this.db, org.id, groupId);
    if (!group) throw notFound('groupNotFound');
    const topics: Array<GroupTopic & { pageIds: string[] }> = [];
    for (const topicId of group.topicIds) {
      const stored = await this.topics.load(org, topicId);
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

  /**
   * A group's members with their sums (the sort keys), read again at once when this process
   * wrote progress or removed a member, or when the group's member count changed; after a second
   * they are answered as they are while a background read refreshes them (progress written by
   * other processes). Paging and sorting a large group sums its progress once. Each page's
   * progress rows are always read fresh.
   */
  private async summaries(orgId: string, groupId: string, topicIds: string[]) {
    const key = `${orgId}\u0000${groupId}\u0000${topicIds.join(',')}`;
    const hit = this.recentSummaries.get(key);
    // A member who joined (another route, another process) changes the count: read again.
    if (
      hit &&
      hit.version === this.progress.version &&
      (await memberCount(this.db, orgId, groupId)) === hit.rows.length
    ) {
      // Older than a second: answered as it is while it is read again in the background (the
      // sums of other processes' saves; this process's own saves changed the version above).
      if (Date.now() - hit.at > SUMMARIES_TRUSTED_MS && !this.refreshing.has(key)) {
        this.refreshing.add(key);
        void this.readSummaries(key, orgId, groupId, topicIds)
          .catch((err: unknown) => this.log.error({ err, groupId }, 'member sums not read'))
          .finally(() => this.refreshing.delete(key));
      }
      return hit;
    }
    return this.readSummaries(key, orgId, groupId, topicIds);
  }

  private async readSummaries(key: string, orgId: string, groupId: string, topicIds: string[]) {
    const version = this.progress.version;
    const at = Date.now();
    const rows = (await memberSummaries(this.db, orgId, groupId, topicIds)).map((m) => ({
      ...m,
      name: fullName(m),
      search: `${m.firstName} ${m.lastName}\u0000${m.username}\u0000${m.email}`.toLocaleLowerCase(),
    }));
    // Sorted by name once: the other orders keep it among equals (Array#sort is stable).
    rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.email, b.email));
    const entry: Summaries = { version, at, rows, sorted: new Map() };
    this.recentSummaries.set(key, entry);
    return entry;
  }

  /** Every member matching the query's filter, sorted as it asks (by name among equals). */
  private async sortedMembers(
    org: OrganisationRecord,
    groupId: string,
    topicIds: string[],
    query: Pick<MembersQuery, 'q' | 'sort' | 'order'>,
  ): Promise<readonly MemberSummary[]> {
    const entry = await this.summaries(org.id, groupId, topicIds);
    const order = `${query.sort}:${query.order}`;
    const q = query.q.toLocaleLowerCase();
    if (!q) {
      const cached = entry.sorted.get(order);
      if (cached) return cached;
    }
    const matching = q ? entry.rows.filter((m) => m.search.includes(q)) : [...entry.rows];
    const sign = query.order === 'desc' ? -1 : 1;
    const key =
      query.sort === 'completion'
        ? (m: MemberSummary) => m.completedPages
        : query.sort === 'score'
          ? (m: MemberSummary) => m.score
          : undefined;
    if (key) matching.sort((a, b) => sign * (key(a) - key(b)));
    else if (sign < 0) matching.reverse();
    if (!q) entry.sorted.set(order, matching);
    return matching;
  }

  async members(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    query: MembersQuery,
    requestLocale: string,
  ): Promise<GroupMembersAnswer> {
    const locale = resolveLocale(query.locale ?? requestLocale, org.settings.locales);
    const group = await this.group(org, viewer, groupId, locale);
    // Saves this process answered are in the progress table before it is read.
    await this.progress.settled();
    const topicIds = group.topics.map((t) => t._id);
    const [sorted, invitations, cohorts] = await Promise.all([
      this.sortedMembers(org, groupId, topicIds, query),
      this.invitations.summary(org.id, groupId),
      group.isCohort ? [] : this.cohorts(org, groupId, locale),
    ]);
    const page = sorted.slice(query.offset, query.offset + query.limit);
    const members = await this.withProgress(org, page, topicIds);
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
  private async cohorts(
    org: OrganisationRecord,
    groupId: string,
    locale: string,
  ): Promise<CohortSummary[]> {
    return (await cohortsUnder(this.db, org.id, groupId)).map((c) => ({
      _id: c.id,
      name: localise(c.name, locale),
      owner: c.ownerId ? { _id: c.ownerId, name: c.ownerName ?? '' } : null,
      members: c.members,
      seats: { bought: c.bought, used: c.used, free: Math.max(0, c.bought - c.used) },
    }));
  }

  private async withProgress(
    org: OrganisationRecord,
    page: MemberSummary[],
    topicIds: string[],
  ): Promise<GroupMember[]> {
    const rows = await progressOf(
      this.db,
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
    return page.map((m) => ({
      account: {
        _id: m.userId,
        username: m.username,
        email: m.email,
        name: { first: m.firstName, last: m.lastName, full: fullName(m) },
      },
      joinedAt: m.joinedAt,
      lastActiveAt: m.lastActiveAt,
      progress: byUser.get(m.userId) ?? [],
    }));
  }

  /**
   * The members table as CSV: every member matching the filter, in the table's order, one line
   * per member, topic and worksheet (a topic never saved: worksheet 1 with nothing done).
   */
  async csv(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    query: MembersQuery,
    requestLocale: string,
  ): Promise<{ filename: string; text: string }> {
    const locale = resolveLocale(query.locale ?? requestLocale, org.settings.locales);
    const group = await this.group(org, viewer, groupId, locale);
    await this.progress.settled();
    const topicIds = group.topics.map((t) => t._id);
    const sorted = await this.sortedMembers(org, groupId, topicIds, query);
    const lines = [
      [
        'name',
        'email',
        'joinedAt',
        'lastActiveAt',
        'topicId',
        'topic',
        'worksheet',
        'completedPages',
        'pages',
        'score',
        'total',
      ],
    ];
    for (let i = 0; i < sorted.length; i += 500) {
      for (const member of await this.withProgress(org, sorted.slice(i, i + 500), topicIds)) {
        for (const topic of group.topics) {
          const rows = member.progress.filter((p) => p.topicId === topic._id);
          const sheets = rows.length
            ? rows
            : [
                {
                  worksheetIndex: 0,
                  completedPages: 0,
                  pages: topic.pages,
                  score: 0,
                  total: topic.total,
                },
              ];
          for (const p of sheets)
            lines.push([
              member.account.name.full,
              member.account.email,
              member.joinedAt,
              member.lastActiveAt ?? '',
              topic._id,
              topic.name,
              String(p.worksheetIndex + 1),
              String(p.completedPages),
              String(p.pages),
              String(p.score),
              String(p.total),
            ]);
        }
      }
    }
    return {
      filename: `${groupId}-members.csv`,
      text: lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n',
    };
  }

  /** Takes a member out of the group: their seat is free again; their workbook stays theirs. */
  async removeMember(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    accountId: string,
  ): Promise<void> {
    assertGroupAdmin(viewer, groupId);
    const role = await roleIn(this.db, org.id, groupId, accountId);
    if (role === 'admin') throw conflict('adminNotRemovable');
    const removed = await inTransaction(this.db, (tx) =>
      removeMember(tx, org.id, groupId, accountId, now()),
    );
    if (!removed) throw notFound('memberNotFound');
    this.viewers.forget(org.id, accountId);
    this.progress.touch();
  }

  /**
   * A member's report card for one worksheet of a topic of the group, read-only: scores and
   * completion always; the answers only when the organisation allows it (adminsSeeAnswers).
   */
  async memberReport(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    accountId: string,
    topicId: string,
    index: number,
    requestLocale: string,
  ): Promise<MemberReportAnswer> {
    const locale = resolveLocale(requestLocale, org.settings.locales);
    const group = await this.group(org, viewer, groupId, locale);
    if ((await roleIn(this.db, org.id, groupId, accountId)) !== 'member')
      throw notFound('memberNotFound');
    if (!group.topics.some((t) => t._id === topicId)) throw notFound('topicNotInGroup');
    const stored = await this.topics.load(org, topicId);
    if (!stored) throw notFound('topicNotInGroup');
    const { workbook } = await this.workbooks.get(org.id, accountId);
    const sheets = Object.hasOwn(workbook.topics, topicId) ? workbook.topics[topicId]! : [];
    const sheet =
      sheets[index] ?? (index === 0 ? { data: {}, completedPages: [] as string[] } : undefined);
    if (!sheet) throw notFound('worksheetNotFound');
    const pages = gradablePages(stored.topic);
    const scores = gradeWorksheet(pages, sheet.data);
    const pageIds = new Set(stored.topic.pages.map((p) => p._id));
    const fields: Record<string, string> = {};
    for (const page of stored.topic.pages)
      for (const f of page.fragments)
        if (f.type === 'field') fields[f.field._id] = localise(f.field.name, locale);
    const visible = adminsSeeAnswers(org);
    return {
      scores,
      completedPages: sheet.completedPages.filter((id) => pageIds.has(id)),
      pages: stored.topic.pages.map((p) => ({ _id: p._id, name: localise(p.name, locale) })),
      fields,
      answers: visible
        ? Object.fromEntries(Object.entries(sheet.data).filter(([id]) => Object.hasOwn(fields, id)))
        : null,
    };
  }
}

const adminsSeeAnswers = (org: OrganisationRecord) =>
  (org.settings.constraints as { adminsSeeAnswers?: boolean }).adminsSeeAnswers === true;

/** Names compared as people read them (case and accents second); far quicker than localeCompare. */
const collator = new Intl.Collator('en', { numeric: true });

const fullName = (m: Pick<MemberSummary, 'firstName' | 'lastName' | 'username'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.username;

/** A CSV cell: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
