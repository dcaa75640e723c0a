import type { Workbook } from './workbook';

/** A new workbook (docs/product-spec.md §3): empty topics and empty general data. */
export function emptyWorkbook(): Workbook {
  return {
    general: { data: {}, fieldTimes: {}, completedPages: [] },
    topics: {},
    history: null,
    removedWorksheets: {},
  };
}
