import { gradeKeys } from '../../../lib/api/grades';
import { saveWorkbook, saveWorkbookOnExit, workbookKeys } from '../../../lib/api/workbook';
import type { WorkbookSource } from '../../../lib/workbook';

/** The learner's own workbook (GET and PUT /workbook): where a provider keeps answers by default. */
export const LEARNER_WORKBOOK_SOURCE: WorkbookSource = {
  name: 'learner',
  key: workbookKeys.detail,
  save: saveWorkbook,
  saveOnExit: saveWorkbookOnExit,
  savedKey: gradeKeys.organisation,
};
