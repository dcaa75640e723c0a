import type { Db } from '../../db/database';
import type { UseCaseArgs } from '../use-cases';
import { KeyedQueue } from '../workbooks/batching';
import { gradePreview, previewTopicView } from './preview-topic';
import {
  previewWorkbookJson,
  resetPreviewWorkbook,
  savePreviewWorkbook,
  type PreviewWorkbooksContext,
} from './preview-workbook';

/**
 * The studio's preview (docs/design.md §14): the draft in the learner's screens, answered in
 * the author's preview workbook (`preview_workbooks`), never in a learner's workbook. Each use
 * case refuses anyone but the organisation's authors and administrators (policies/studio.ts).
 */
export class StudioPreviewService {
  private readonly ctx: PreviewWorkbooksContext;

  /** `clock`: this server's time (tests move it on by themselves). */
  constructor(db: Db, clock: () => Date = () => new Date()) {
    this.ctx = { db, clock, queue: new KeyedQueue() };
  }

  topic(...args: UseCaseArgs<typeof previewTopicView>) {
    return previewTopicView(this.ctx, ...args);
  }

  grade(...args: UseCaseArgs<typeof gradePreview>) {
    return gradePreview(this.ctx, ...args);
  }

  /** The author's preview workbook as the answer's JSON text. */
  workbookJson(...args: UseCaseArgs<typeof previewWorkbookJson>) {
    return previewWorkbookJson(this.ctx, ...args);
  }

  save(...args: UseCaseArgs<typeof savePreviewWorkbook>) {
    return savePreviewWorkbook(this.ctx, ...args);
  }

  reset(...args: UseCaseArgs<typeof resetPreviewWorkbook>) {
    return resetPreviewWorkbook(this.ctx, ...args);
  }
}
