import type { MembersQuery } from '@portal/domain';
import type { Caches, NamedCache } from '../../cache';
import type { Db } from '../../db/database';
import {
  memberCount,
  memberSummaries,
  type MemberSummary,
} from '../../db/repositories/group-admin';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { fullName } from '../../presenters/groups';
import type { GroupsContext, Summaries, SummariesArgs } from './context';

/** How long a group's member sums are reused (see summaries). */
const SUMMARIES_TRUSTED_MS = 1_000;

/** Names compared as people read them (case and accents second); far quicker than localeCompare. */
const collator = new Intl.Collator('en', { numeric: true });

/**
 * The named cache of member sums (GroupsContext.recentSummaries): dropped by a change to the
 * group (a member removed, on any process) or to its organisation's progress (this process's
 * saves); after a second answered as they are while read again in the background.
 */
export function defineSummaries(caches: Caches, db: Db): NamedCache<SummariesArgs, Summaries> {
  return caches.define('group-summaries', {
    max: 100,
    ttlMs: SUMMARIES_TRUSTED_MS,
    serveStale: true,
    key: ({ orgId, groupId, topicIds }) => `${orgId}\u0000${groupId}\u0000${topicIds.join(',')}`,
    load: ({ orgId, groupId, topicIds }) => readSummaries(db, orgId, groupId, topicIds),
    dependsOn: ({ orgId, groupId }) => [{ group: { org: orgId, group: groupId } }],
  });
}

/**
 * A group's members with their sums (the sort keys), from the cache (recentSummaries), read
 * again at once when the group's member count changed (a member joined by another route or
 * process). Paging and sorting a large group sums its progress once. Each page's progress rows
 * are always read fresh.
 */
export async function summaries(
  ctx: GroupsContext,
  orgId: string,
  groupId: string,
  topicIds: string[],
) {
  const args = { orgId, groupId, topicIds };
  const hit = ctx.recentSummaries.peek(args);
  if (hit && (await memberCount(ctx.db, orgId, groupId)) !== hit.rows.length)
    ctx.caches.drop({ group: { org: orgId, group: groupId } });
  const entry = await ctx.recentSummaries.get(args);
  if (!entry) throw new Error('member sums were not read');
  return entry;
}

async function readSummaries(db: Db, orgId: string, groupId: string, topicIds: string[]) {
  const rows = (await memberSummaries(db, orgId, groupId, topicIds)).map((m) => ({
    ...m,
    name: fullName(m),
    search: `${m.firstName} ${m.lastName}\u0000${m.username}\u0000${m.email}`.toLocaleLowerCase(),
  }));
  // Sorted by name once: the other orders keep it among equals (Array#sort is stable).
  rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.email, b.email));
  const entry: Summaries = { rows, sorted: new Map() };
  return entry;
}

/** Every member matching the query's filter, sorted as it asks (by name among equals). */
export async function sortedMembers(
  ctx: GroupsContext,
  org: OrganisationRecord,
  groupId: string,
  topicIds: string[],
  query: Pick<MembersQuery, 'q' | 'sort' | 'order'>,
): Promise<readonly MemberSummary[]> {
  const entry = await summaries(ctx, org.id, groupId, topicIds);
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
