import { gradeWorksheet, localise, resolveLocale, type MemberReportAnswer } from '@portal/domain';
import { roleIn } from '../../db/repositories/group-admin';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { Viewer } from '../../policies';
import { notFound } from '../errors';
import { gradablePages } from '../progress-service';
import { adminsSeeAnswers, groupForAdmin, type GroupsContext } from './context';

/**
 * A member's report card for one worksheet of a topic of the group, read-only: scores and
 * completion always; the answers only when the organisation allows it (adminsSeeAnswers).
 */
export async function memberReport(
  ctx: GroupsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  accountId: string,
  topicId: string,
  index: number,
  requestLocale: string,
): Promise<MemberReportAnswer> {
  const locale = resolveLocale(requestLocale, org.settings.locales);
  const group = await groupForAdmin(ctx, org, viewer, groupId, locale);
  if ((await roleIn(ctx.db, org.id, groupId, accountId)) !== 'member')
    throw notFound('memberNotFound');
  if (!group.topics.some((t) => t._id === topicId)) throw notFound('topicNotInGroup');
  const stored = await ctx.topics.load(org, topicId);
  if (!stored) throw notFound('topicNotInGroup');
  const { workbook } = await ctx.workbooks.get(org.id, accountId);
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
