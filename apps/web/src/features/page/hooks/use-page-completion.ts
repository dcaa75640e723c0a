import { isPageComplete, type PageView } from '@portal/domain';
import { useEffect, useRef, type RefObject } from 'react';
import type { TopicWorkbook } from '../../../lib/workbook';

/**
 * Completion, once per page and worksheet: a page without scored questions is complete when its
 * end scrolls into view (the returned ref marks the end); a page with scored questions when
 * every one of its other fields is answered.
 */
export function usePageCompletion(
  page: PageView,
  workbook: TopicWorkbook,
): RefObject<HTMLDivElement | null> {
  const endRef = useRef<HTMLDivElement>(null);
  const isDone = workbook.completedPages.has(page._id);
  const { markCompleted, answers } = workbook;

  useEffect(() => {
    if (isDone || !page.hasScoredFields) return;
    if (isPageComplete(page, answers, false)) markCompleted(page._id);
  }, [page, answers, isDone, markCompleted]);

  useEffect(() => {
    const end = endRef.current;
    if (isDone || page.hasScoredFields || !end) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      markCompleted(page._id);
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [page, isDone, markCompleted]);

  return endRef;
}
