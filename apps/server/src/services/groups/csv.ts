import { resolveLocale, type MembersQuery } from '@portal/domain';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { Viewer } from '../../policies';
import { groupForAdmin, type GroupsContext } from './context';
import { withProgress } from './members';
import { sortedMembers } from './summaries';

/**
 * The members table as CSV: every member matching the filter, in the table's order, one line
 * per member, topic and worksheet (a topic never saved: worksheet 1 with nothing done).
 */
export async function csv(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  query: MembersQuery,
  requestLocale: string,
): Promise<{ filename: string; text: string }> {
  const locale = resolveLocale(query.locale ?? requestLocale, org.settings.locales);
  const group = await groupForAdmin(ctx, org, viewer, groupId, locale);
  await ctx.progress.settled();
  const topicIds = group.topics.map((t) => t._id);
  const sorted = await sortedMembers(ctx, org, groupId, topicIds, query);
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
    for (const member of await withProgress(ctx, org, sorted.slice(i, i + 500), topicIds)) {
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

/** A CSV cell: quoted when needed; a leading =, +, - or @ is defused for spreadsheets. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
