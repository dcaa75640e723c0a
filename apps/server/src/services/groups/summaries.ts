import type { MembersQuery } from '@portal/domain';
import {
  memberCount,
  memberSummaries,
  type MemberSummary,
} from '../../db/repositories/group-admin';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { fullName } from '../../presenters/groups';
import type { GroupsContext, Summaries } from './context';

/** How long a group's member sums are reused (see summaries). */
const SUMMARIES_TRUSTED_MS = 1_000;

/** Names compared as people read them (case and accents second); far quicker than localeCompare. */
const collator = new Intl.Collator('en', { numeric: true });

/**
 * A group's members with their sums (the sort keys), read again at once when this process
 * wrote progress or removed a member, or when the group's member count changed; after a second
 * they are answered as they are while a background read refreshes them (progress written by
 * other processes). Paging and sorting a large group sums its progress once. Each page's
 * progress rows are always read fresh.
 */
export async function summaries(
  ctx: GroupsContext,
  orgId: string,
  groupId: string,
  topicIds: string[],
) {
  const key = `${orgId}\u0000${groupId}\u0000${topicIds.join(',')}`;
  const hit = ctx.recentSummaries.get(key);
  // A member who joined (another route, another process) changes the count: read again.
  if (
    hit &&
    hit.version === ctx.progress.version &&
    (await memberCount(ctx.db, orgId, groupId)) === hit.rows.length
  ) {
    // Older than a second: answered as it is while it is read again in the background (the
    // sums of other processes' saves; this process's own saves changed the version above).
    if (Date.now() - hit.at > SUMMARIES_TRUSTED_MS && !ctx.refreshing.has(key)) {
      ctx.refreshing.add(key);
      void readSummaries(ctx, key, orgId, groupId, topicIds)
        .catch((err: unknown) => ctx.log.error({ err, groupId }, 'member sums not read'))
        .finally(() => ctx.refreshing.delete(key));
    }
    return hit;
  }
  return readSummaries(ctx, key, orgId, groupId, topicIds);
}

async function readSummaries(
  ctx: GroupsContext,
  key: string,
  orgId: string,
  groupId: string,
  topicIds: string[],
) {
  const version = ctx.progress.version;
  const at = Date.now();
  const rows = (await memberSummaries(ctx.db, orgId, groupId, topicIds)).map((m) => ({
    ...m,
    name: fullName(m),
    search: `${m.firstName} ${m.lastName}\u0000${m.username}\u0000${m.email}`.toLocaleLowerCase(),
  }));
  // Sorted by name once: the other orders keep it among equals (Array#sort is stable).
  rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.email, b.email));
  const entry: Summaries = { version, at, rows, sorted: new Map() };
  ctx.recentSummaries.set(key, entry);
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
