import type { Workbook } from './workbook';

/** A new workbook (spec §3): empty topics and empty general data. */
export function emptyWorkbook(): Workbook {
  return {
    general: { data: {}, fieldTimes: {}, completedPages: [] },
    topics: {},
    history: null,
    removedWorksheets: {},
  };
}
