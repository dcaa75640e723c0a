import { randomBytes } from 'node:crypto';
import {
  gradeWorksheet,
  localise,
  resolveLocale,
  type BulkInviteAnswer,
  type BulkInviteBody,
  type BulkInviteSkip,
  type GroupInvite,
  type GroupMember,
  type GroupMembersAnswer,
  type GroupTopic,
  type LocalisedText,
  type MemberReportAnswer,
  type MembersQuery,
  type UserGroup,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/database';
import { findUser, loginKey } from '../db/repositories/accounts';
import { inTransaction } from '../db/repositories/executor';
import {
  groupsAdministeredBy,
  groupWithTopics,
  insertGroupInvites,
  inviteCounts,
  invitesOfGroup,
  memberCount,
  memberEmailKeys,
  memberSummaries,
  progressOf,
  removeMember,
  roleIn,
  seatsBought,
  type GroupInviteRecord,
  type MemberSummary,
} from '../db/repositories/group-admin';
import { addressInvite, revokeInvite } from '../db/repositories/invites';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { assertGroupAdmin, type Viewer } from '../policies';
import { conflict, invalid, notFound } from './errors';
import { inviteMail } from './mail-templates';
import { gradablePages, type ProgressService } from './progress-service';
import { INVITE_NOT_FOUND, INVITE_TAKEN as INVITE_NOT_PENDING } from './store-service';
import type { SiteLinks } from './site-links';
import type { TopicCache } from './topic-cache';
import type { ViewerService } from './viewer-service';
import type { WorkbookService } from './workbook-service';

export const GROUP_NOT_FOUND = 'Group not found';
export const MEMBER_NOT_FOUND = 'This learner is not a member of this group.';
export const INVITE_NOT_ADDRESSED = 'This invitation is not addressed to anyone yet.';
export const TOPIC_NOT_IN_GROUP = 'This topic is not one of the group’s topics.';
export const WORKSHEET_NOT_FOUND = 'There is no such worksheet.';
/** Emails one bulk invitation takes at most. */
export const MAX_BULK_EMAILS = 500;

const emailSchema = z.email();
/** How long a group's member sums are reused (see GroupService.summaries). */
const SUMMARIES_TRUSTED_MS = 1_000;
const newInviteId = () => randomBytes(16).toString('base64url');
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

/** The group's page for its administrators (docs/design.md §12). */
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
    private readonly mailer: Mailer,
    private readonly links: SiteLinks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The groups the viewer administers (the avatar menu's "My groups"). */
  async adminGroups(org: OrganisationRecord, viewer: Admin, locale: string) {
    const rows = await groupsAdministeredBy(this.db, org.id, viewer.userId);
    return rows.map((g) => ({ _id: g.id, name: groupName(g.data, locale) }));
  }

  /** The group and its topics, for one of its administrators; 404/403 for anyone else. */
  private async group(org: OrganisationRecord, viewer: Viewer, groupId: string, locale: string) {
    assertGroupAdmin(viewer, groupId);
    const group = await groupWithTopics(this.db, org.id, groupId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
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
    return { id: groupId, name: groupName(group.data, locale), topics };
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
    const [sorted, invites, counts, seats] = await Promise.all([
      this.sortedMembers(org, groupId, topicIds, query),
      invitesOfGroup(this.db, org.id, groupId, undefined, true),
      inviteCounts(this.db, org.id, groupId),
      seatsBought(this.db, org.id, groupId),
    ]);
    const page = sorted.slice(query.offset, query.offset + query.limit);
    const members = await this.withProgress(org, page, topicIds);
    return {
      group: { _id: group.id, name: group.name },
      topics: group.topics.map(({ pageIds: _, ...topic }) => topic),
      members,
      count: sorted.length,
      offset: query.offset,
      limit: query.limit,
      seats: { bought: seats.bought, used: counts.used },
      invites: invites.map(groupInviteView),
      inviteCounts: counts,
      answersVisible: adminsSeeAnswers(org),
    };
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
    if (role === 'admin') throw conflict('An administrator of the group cannot be removed here.');
    const removed = await inTransaction(this.db, (tx) =>
      removeMember(tx, org.id, groupId, accountId, now()),
    );
    if (!removed) throw notFound(MEMBER_NOT_FOUND);
    this.viewers.forget(org.id, accountId);
    this.progress.touch();
  }

  /**
   * Invites every email of a pasted list: each is checked; those that are not emails, come twice,
   * belong to members or already have a pending invitation are listed and not sent; the others
   * each get a free seat (an unaddressed invitation, or a new one for a seat freed by a
   * revocation or a removal) and a mail, while seats last.
   */
  async bulkInvite(
    org: OrganisationRecord,
    viewer: Admin,
    groupId: string,
    body: BulkInviteBody,
    requestLocale: string,
  ): Promise<BulkInviteAnswer> {
    const locale = resolveLocale(body.locale ?? requestLocale, org.settings.locales);
    const group = await this.group(org, viewer, groupId, locale);
    const entries = body.emails
      .split(/[\s,;]+/)
      .map((s) => s.replace(/^<|>$/g, ''))
      .filter(Boolean);
    if (entries.length === 0)
      throw invalid('Paste at least one email address.', { emails: 'is required' });
    if (entries.length > MAX_BULK_EMAILS)
      throw invalid(`At most ${MAX_BULK_EMAILS} email addresses at once.`, {
        emails: `must hold at most ${MAX_BULK_EMAILS} addresses`,
      });
    const skipped: BulkInviteAnswer['skipped'] = [];
    const skip = (email: string, reason: BulkInviteSkip) => skipped.push({ email, reason });
    const wanted: string[] = [];
    for (const entry of entries) {
      const key = loginKey(entry);
      if (entry.length > 254 || !emailSchema.safeParse(entry).success) skip(entry, 'invalid');
      else if (wanted.includes(key)) skip(entry, 'duplicate');
      else wanted.push(key);
    }
    const members = await memberEmailKeys(this.db, org.id, groupId, wanted);
    const at = now();
    const addressed = await inTransaction(this.db, async (tx) => {
      const invites = await invitesOfGroup(tx, org.id, groupId);
      const pendingFor = new Set(
        invites.filter((i) => isPending(i) && i.emailKey).map((i) => i.emailKey!),
      );
      const toSend: string[] = [];
      for (const key of wanted) {
        if (members.has(key)) skip(key, 'member');
        else if (pendingFor.has(key)) skip(key, 'invited');
        else toSend.push(key);
      }
      const open = invites.filter((i) => isPending(i) && !i.emailKey).map((i) => i.id);
      const seats = await seatsBought(tx, org.id, groupId);
      const holding = invites.filter((i) => !i.revokedAt).length;
      const freed = Math.max(0, seats.bought - holding);
      const fresh = Array.from(
        { length: Math.min(freed, Math.max(0, toSend.length - open.length)) },
        newInviteId,
      );
      await insertGroupInvites(tx, {
        orgId: org.id,
        groupId,
        orderId: seats.latestOrderId,
        ids: fresh,
        at,
      });
      const available = [...open, ...fresh];
      const done: Array<{ id: string; email: string }> = [];
      for (const email of toSend) {
        const id = available.shift();
        if (!id) {
          skip(email, 'noSeat');
          continue;
        }
        if (await addressInvite(tx, id, email)) done.push({ id, email });
        else skip(email, 'noSeat');
      }
      return done;
    });
    const after = new Map(
      (await invitesOfGroup(this.db, org.id, groupId)).map((i) => [i.id, i] as const),
    );
    const invited = addressed.map((a) => groupInviteView(after.get(a.id)!));
    const from = await this.senderName(org, viewer, locale);
    for (const invite of invited) this.mail(org, locale, from, group.name, invite);
    return { invited, skipped };
  }

  /** Mails a pending invitation again, to the email it is addressed to. */
  async resendInvite(
    org: OrganisationRecord,
    viewer: Admin,
    groupId: string,
    inviteId: string,
    requestLocale: string,
  ): Promise<GroupInvite> {
    const locale = resolveLocale(requestLocale, org.settings.locales);
    const group = await this.group(org, viewer, groupId, locale);
    const [invite] = await invitesOfGroup(this.db, org.id, groupId, inviteId);
    if (!invite) throw notFound(INVITE_NOT_FOUND);
    if (!isPending(invite)) throw conflict(INVITE_NOT_PENDING);
    if (!invite.emailKey) throw conflict(INVITE_NOT_ADDRESSED);
    const view = groupInviteView(invite);
    this.mail(org, locale, await this.senderName(org, viewer, locale), group.name, view);
    return view;
  }

  /** Revokes a pending invitation: its link stops working and its seat is free. */
  async revokeInvite(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    inviteId: string,
  ): Promise<GroupInvite> {
    assertGroupAdmin(viewer, groupId);
    const [invite] = await invitesOfGroup(this.db, org.id, groupId, inviteId);
    if (!invite) throw notFound(INVITE_NOT_FOUND);
    if (invite.revokedAt && !invite.usedBy) return groupInviteView(invite);
    if (!isPending(invite) || !(await revokeInvite(this.db, invite.id, now())))
      throw conflict(INVITE_NOT_PENDING);
    const [after] = await invitesOfGroup(this.db, org.id, groupId, inviteId);
    return groupInviteView(after!);
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
      throw notFound(MEMBER_NOT_FOUND);
    if (!group.topics.some((t) => t._id === topicId)) throw notFound(TOPIC_NOT_IN_GROUP);
    const stored = await this.topics.load(org, topicId);
    if (!stored) throw notFound(TOPIC_NOT_IN_GROUP);
    const { workbook } = await this.workbooks.get(org.id, accountId);
    const sheets = Object.hasOwn(workbook.topics, topicId) ? workbook.topics[topicId]! : [];
    const sheet =
      sheets[index] ?? (index === 0 ? { data: {}, completedPages: [] as string[] } : undefined);
    if (!sheet) throw notFound(WORKSHEET_NOT_FOUND);
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

  private async senderName(org: OrganisationRecord, viewer: Admin, locale: string) {
    const admin = await findUser(this.db, org.id, viewer.userId);
    const name = admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.username : '';
    return name || localise(org.settings.name, locale);
  }

  private mail(
    org: OrganisationRecord,
    locale: string,
    from: string,
    groupName: string,
    invite: GroupInvite,
  ): void {
    if (!invite.email) return;
    void this.mailer
      .send(
        inviteMail(
          org.settings,
          locale,
          invite.email,
          { from, bundleName: groupName },
          this.links.page(org, invite.link),
        ),
      )
      .catch((err: unknown) =>
        this.log.error({ err, inviteId: invite._id }, 'invitation not sent'),
      );
  }
}

const adminsSeeAnswers = (org: OrganisationRecord) =>
  (org.settings.constraints as { adminsSeeAnswers?: boolean }).adminsSeeAnswers === true;

/** Names compared as people read them (case and accents second); far quicker than localeCompare. */
const collator = new Intl.Collator('en', { numeric: true });

const fullName = (m: Pick<MemberSummary, 'firstName' | 'lastName' | 'username'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.username;

function groupName(data: string, locale: string): string {
  const group = JSON.parse(data) as Pick<UserGroup, 'name'>;
  return localise(group.name as LocalisedText, locale);
}

const isPending = (i: GroupInviteRecord) => !i.usedBy && !i.revokedAt;

function groupInviteView(invite: GroupInviteRecord): GroupInvite {
  const id = encodeURIComponent(invite.id);
  let link = `/signup?inviteId=${id}`;
  if (invite.emailKey) {
    const email = encodeURIComponent(invite.emailKey);
    link = invite.addresseeHasAccount
      ? `/signin?email=${email}&inviteId=${id}`
      : `/signup?email=${email}&inviteId=${id}`;
  }
  return {
    _id: invite.id,
    email: invite.usedByEmail ?? invite.emailKey,
    status: invite.usedBy && !invite.revokedAt ? 'used' : invite.revokedAt ? 'revoked' : 'pending',
    createdAt: invite.createdAt,
    usedAt: invite.usedAt,
    revokedAt: invite.revokedAt,
    link,
  };
}

/** A CSV cell: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
