import { useMemo } from 'react';
import { worksheetsOf, clampIndex } from '../lib/topic-sheets';
import { useWorkbookState } from './store-context';

const NONE: ReadonlySet<string> = new Set();

/**
 * The pages completed in the worksheet `topicId` opens on: the one last selected in that topic,
 * else the first (docs/product-spec.md §4: another topic starts at worksheet 0). The general
 * topic's are the general sheet's.
 */
export function useCompletedPages(topicId: string): ReadonlySet<string> {
  const { workbook, selection } = useWorkbookState();
  const index = selection.topicId === topicId ? selection.index : 0;
  const list =
    topicId === 'general'
      ? workbook.general.completedPages
      : (() => {
          const sheets = worksheetsOf(workbook, topicId);
          return sheets[clampIndex(index, sheets.length)]?.completedPages;
        })();
  return useMemo(() => (list?.length ? new Set(list) : NONE), [list]);
}
