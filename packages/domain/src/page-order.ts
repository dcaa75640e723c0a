/** Special page ids of the topic layout (docs/product-spec.md §2). */
export const REPORT_CARD = 'reportcard';
export const OTHER_TOPICS = 'others';
export const TOPIC_HOME = 'home';

export interface PageOrderInput {
  /** Ids of the pages the learner sees, in order (hidden ones already left out). */
  pageIds: readonly string[];
  /** The topic shows a grade report and has scored fields. */
  hasReportCard: boolean;
}

/** The whole sequence: home, the pages, the report card when there is one, other topics. */
export function pageSequence({ pageIds, hasReportCard }: PageOrderInput): string[] {
  return [TOPIC_HOME, ...pageIds, ...(hasReportCard ? [REPORT_CARD] : []), OTHER_TOPICS];
}

/**
 * Next page (docs/product-spec.md §4): pages in sequence; after the last page the report card when the topic
 * shows a grade report and has scoring, otherwise other topics; the report card goes to other
 * topics. From home, the first page. Nothing after other topics.
 */
export function nextPage(input: PageOrderInput, current: string): string | null {
  const sequence = pageSequence(input);
  const at = sequence.indexOf(current);
  if (at < 0) return input.pageIds[0] ?? null;
  return sequence[at + 1] ?? null;
}

/**
 * Previous page (docs/product-spec.md §4): from other topics, the report card or the last page; from the
 * report card, the last page; from the first page, nothing.
 */
export function previousPage(input: PageOrderInput, current: string): string | null {
  if (current === TOPIC_HOME) return null;
  if (current === input.pageIds[0]) return null;
  const sequence = pageSequence(input);
  const at = sequence.indexOf(current);
  if (at <= 1) return null;
  return sequence[at - 1] ?? null;
}
