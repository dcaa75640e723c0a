/** How far a learner is in a topic: pages completed (docs/product-spec.md §4) of the pages shown. */
export interface TopicProgress {
  done: number;
  total: number;
  /** 0–100, rounded down (100 only when every page is completed). */
  percent: number;
}

export function progressOf(
  pageIds: readonly string[],
  completed: ReadonlySet<string>,
): TopicProgress {
  const total = pageIds.length;
  const done = pageIds.filter((id) => completed.has(id)).length;
  return { done, total, percent: total === 0 ? 0 : Math.floor((done / total) * 100) };
}

/** Where the topic home's button leads, and what it says. */
export interface ResumeTarget {
  kind: 'start' | 'resume' | 'review';
  pageId: string;
}

/**
 * The topic home's call to action: Start on the first page when nothing is done yet; Resume on
 * the page last visited in this topic, else on the first page not completed; Review from the
 * first page once every page is completed. Null for a topic without pages.
 */
export function resumeTarget(
  pageIds: readonly string[],
  completed: ReadonlySet<string>,
  lastPageId?: string | null,
): ResumeTarget | null {
  const first = pageIds[0];
  if (first === undefined) return null;
  const { done, total } = progressOf(pageIds, completed);
  const last = lastPageId && pageIds.includes(lastPageId) ? lastPageId : undefined;
  if (done === total) return { kind: 'review', pageId: first };
  if (last) return { kind: 'resume', pageId: last };
  if (done === 0) return { kind: 'start', pageId: first };
  return { kind: 'resume', pageId: pageIds.find((id) => !completed.has(id)) ?? first };
}

/** "Page 2 of 4": the position of `pageId` among the pages shown (null when it is not a page). */
export function positionOf(
  pageIds: readonly string[],
  pageId: string,
): { index: number; count: number } | null {
  const at = pageIds.indexOf(pageId);
  return at < 0 ? null : { index: at + 1, count: pageIds.length };
}
