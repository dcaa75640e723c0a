import type { Workbook } from '@portal/domain';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { generalTopicId, workbooksNaming } from '../../db/repositories/studio-topics';
import { assertMayAuthor, type Viewer } from '../../policies';
import { notFound } from '../errors';
import type { StudioContext } from './context';
import { draftOf } from './drafts';

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * How many learners hold an answer to each field of the topic (draft and published fields alike,
 * in any of their worksheets): what the studio says before a field with answers is removed or
 * retyped. Learners' answers are keyed by field id, so they outlive any version.
 */
export async function answerCounts(
  ctx: StudioContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
): Promise<{ fields: Record<string, number> }> {
  assertMayAuthor(viewer);
  const draft = await draftOf(ctx.db, org.id, topicId);
  if (!draft) throw notFound('studioTopicNotFound');
  const isGeneral = (await generalTopicId(ctx.db, org.id)) === topicId;
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const text of await workbooksNaming(ctx.db, org.id, isGeneral ? null : topicId)) {
    const workbook = JSON.parse(text) as Partial<Workbook>;
    const sheets = isGeneral ? [workbook.general] : (workbook.topics?.[topicId] ?? []);
    const answered = new Set<string>();
    for (const sheet of sheets)
      for (const [fieldId, value] of Object.entries(sheet?.data ?? {}))
        if (hasValue(value)) answered.add(fieldId);
    for (const fieldId of answered) counts[fieldId] = (counts[fieldId] ?? 0) + 1;
  }
  return { fields: { ...counts } };
}
