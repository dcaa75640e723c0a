import {
  canSeePage,
  gradeWorksheet,
  type GradablePage,
  type Scores,
  type Workbook,
} from '@portal/domain';
import type { TopicCache } from './topic-cache';
import { HttpError } from '../http/errors';
import type { OrganisationRecord } from './organisation-service';
import { TOPIC_NOT_FOUND } from './topic-service';
import type { ViewerContext } from './viewer-service';
import type { WorkbookService } from './workbook-service';

/** Grading on the server (design §6): correct answers never leave it. */
export class GradeService {
  constructor(
    private readonly topics: TopicCache,
    private readonly workbooks: WorkbookService,
  ) {}

  async grade(
    org: OrganisationRecord,
    topicId: string,
    index: number,
    viewer: ViewerContext & { userId: string },
  ): Promise<Scores> {
    const stored = await this.topics.load(org, topicId);
    if (!stored) throw new HttpError(404, TOPIC_NOT_FOUND);
    const { topic } = stored;
    if (topic.visibility === 'Private' && !viewer.grantedTopicIds.has(topic._id))
      throw new HttpError(403, 'This topic is for members of a group that has access to it.');

    const { workbook } = await this.workbooks.get(org.id, viewer.userId);
    const answers = this.answersOf(workbook, topicId, index);
    const pages: GradablePage[] = topic.pages
      .filter((page) => canSeePage(viewer, topic._id, page))
      .map((page) => ({
        _id: page._id,
        fields: page.fragments.flatMap((f) => (f.type === 'field' ? [f.field] : [])),
      }));
    return gradeWorksheet(pages, answers);
  }

  /** A worksheet's answers; index 0 of a topic never saved is an empty worksheet; others are 404. */
  private answersOf(workbook: Workbook, topicId: string, index: number): Record<string, unknown> {
    if (topicId === 'general') {
      if (index !== 0) throw new HttpError(404, 'The general topic has one worksheet only.');
      return workbook.general.data;
    }
    const worksheets = workbook.topics[topicId] ?? [];
    if (index === 0 && worksheets.length === 0) return {};
    const sheet = worksheets[index];
    if (!sheet) throw new HttpError(404, `There is no worksheet ${index + 1} in this topic.`);
    return sheet.data;
  }
}
