import { gradeWorksheet, type GradablePage, type Scores, type TopicView } from '@portal/domain';
import type { Db } from '../../db/database';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { findPreviewTopic, type PreviewTopic } from '../../db/repositories/preview-workbooks';
import { parentGroupOf } from '../../db/repositories/topics';
import { assertMayAuthor, type Viewer } from '../../policies';
import { presentTopicView } from '../../presenters/topic-view';
import { notFound } from '../errors';
import { answersOf } from '../grade-service';
import { previewWorkbook, type PreviewWorkbooksContext } from './preview-workbook';

/** The topic a preview shows: the draft, else the published topic; 404 for none (or another org's). */
async function topicToPreview(db: Db, orgId: string, topicId: string): Promise<PreviewTopic> {
  const found = await findPreviewTopic(db, orgId, topicId);
  if (!found) throw notFound('studioTopicNotFound');
  return found;
}

/**
 * GET /studio/topic/{topicId}/preview: the draft in the learner's shape (the presenter of GET
 * /topic/{topicId}), localised, without correct values. An author sees every page, private
 * ones included, and every content body inline: a long body is not fetched apart, since the
 * content route serves the published one.
 */
export async function previewTopicView(
  ctx: PreviewWorkbooksContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  locale: string,
): Promise<TopicView> {
  assertMayAuthor(viewer);
  const { topic, isGeneral } = await topicToPreview(ctx.db, org.id, topicId);
  return presentTopicView({
    topic,
    isGeneral,
    pages: topic.pages,
    parent: await parentGroupOf(ctx.db, org.id, topic._id),
    locale,
    inlineContentMax: Infinity,
  });
}

/**
 * GET /studio/topic/{topicId}/preview/worksheet/{index}/grade: a preview worksheet graded by the
 * domain's grader on the draft (every page), from the author's preview workbook.
 */
export async function gradePreview(
  ctx: PreviewWorkbooksContext,
  org: OrganisationRecord,
  viewer: Viewer,
  topicId: string,
  index: number,
): Promise<Scores> {
  const userId = assertMayAuthor(viewer);
  const { topic, isGeneral } = await topicToPreview(ctx.db, org.id, topicId);
  const { workbook } = await previewWorkbook(ctx, org.id, userId);
  const answers = answersOf(workbook, isGeneral ? 'general' : topic._id, index);
  const pages: GradablePage[] = topic.pages.map((page) => ({
    _id: page._id,
    fields: page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : [])),
  }));
  return gradeWorksheet(pages, answers);
}
