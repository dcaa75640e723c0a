import {
  errorText,
  gradeWorksheet,
  type GradablePage,
  type Scores,
  type Workbook,
} from '@portal/domain';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { assertCanSeeTopic, canSeePage, type Viewer } from '../policies';
import { notFound } from './errors';
import type { TopicCache } from './topic-cache';
import type { WorkbookService } from './workbooks';

/** Grading happens on the server: correct answers never leave it. */
export class GradeService {
  constructor(
    private readonly topics: TopicCache,
    private readonly workbooks: WorkbookService,
  ) {}

  async grade(
    org: OrganisationRecord,
    topicId: string,
    index: number,
    viewer: Viewer & { userId: string },
  ): Promise<Scores> {
    const stored = await this.topics.load(org, topicId);
    if (!stored) throw notFound('topicNotFound');
    const { topic } = stored;
    assertCanSeeTopic(viewer, topic);

    const { workbook } = await this.workbooks.get(org.id, viewer.userId);
    const answers = answersOf(workbook, topicId, index);
    const pages: GradablePage[] = topic.pages
      .filter((page) => canSeePage(viewer, topic._id, page))
      .map((page) => ({
        _id: page._id,
        fields: page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : [])),
      }));
    return gradeWorksheet(pages, answers);
  }
}

/** A worksheet's answers; index 0 of a topic never saved is an empty worksheet; others are 404. */
export function answersOf(
  workbook: Workbook,
  topicId: string,
  index: number,
): Record<string, unknown> {
  if (topicId === 'general') {
    if (index !== 0) throw notFound('generalOneWorksheet');
    return workbook.general.data;
  }
  // An own key only: a topic id may be `constructor` or `toString`.
  const worksheets = Object.hasOwn(workbook.topics, topicId) ? workbook.topics[topicId]! : [];
  if (index === 0 && worksheets.length === 0) return {};
  const sheet = worksheets[index];
  if (!sheet) throw notFound(errorText('noSuchWorksheet', { number: index + 1 }));
  return sheet.data;
}
