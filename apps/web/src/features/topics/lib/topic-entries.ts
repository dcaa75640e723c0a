import {
  nextPage,
  OTHER_TOPICS,
  pageSequence,
  previousPage,
  REPORT_CARD,
  TOPIC_HOME,
  type PageOrderInput,
  type PageView,
  type TopicView,
} from '@portal/domain';
import type { TopicPaths } from '../../../lib/topic-outlet';

/** One stop of the topic layout: the sidebar lists them, previous and next walk them. */
export interface TopicEntry {
  /** A page id, or TOPIC_HOME, REPORT_CARD, OTHER_TOPICS. */
  id: string;
  kind: 'home' | 'page' | 'reportcard' | 'others';
  to: string;
  /** The page's name, for kind "page". */
  pageName?: string;
}

/** Which way a turn goes, so the page flips forwards or backwards. */
export type FlipDirection = 'next' | 'previous';

/** docs/product-spec.md §4: the report card is in the sequence when the topic shows a grade report and scores. */
export function hasReportCard(topic: Pick<TopicView, 'showGradeReport' | 'hasScoredFields'>) {
  return topic.showGradeReport && topic.hasScoredFields;
}

function orderOf(topic: TopicView, pages: readonly PageView[]): PageOrderInput {
  return { pageIds: pages.map((page) => page._id), hasReportCard: hasReportCard(topic) };
}

function entryOf(
  paths: TopicPaths,
  topicId: string,
  id: string,
  pages: readonly PageView[],
): TopicEntry {
  switch (id) {
    case TOPIC_HOME:
      return { id, kind: 'home', to: paths.topic(topicId) };
    case REPORT_CARD:
      return { id, kind: 'reportcard', to: paths.reportCard(topicId) };
    case OTHER_TOPICS:
      return { id, kind: 'others', to: paths.others(topicId) };
    default:
      return {
        id,
        kind: 'page',
        to: paths.page(topicId, id),
        pageName: pages.find((page) => page._id === id)?.name ?? id,
      };
  }
}

/** The sidebar's entries (docs/product-spec.md §2): Home, each page, Report Card when there is one, Other Topics. */
export function topicEntries(
  paths: TopicPaths,
  topicId: string,
  topic: TopicView,
  pages: readonly PageView[],
): TopicEntry[] {
  return pageSequence(orderOf(topic, pages)).map((id) => entryOf(paths, topicId, id, pages));
}

/** The previous and next buttons' targets, exactly as the domain's page order says (docs/product-spec.md §4). */
export function pageTurns(
  paths: TopicPaths,
  topicId: string,
  topic: TopicView,
  pages: readonly PageView[],
  current: string,
): { previous: TopicEntry | null; next: TopicEntry | null } {
  const order = orderOf(topic, pages);
  const previous = previousPage(order, current);
  const next = nextPage(order, current);
  return {
    previous: previous === null ? null : entryOf(paths, topicId, previous, pages),
    next: next === null ? null : entryOf(paths, topicId, next, pages),
  };
}

/** The entry an address inside /topic/{id}/… (or wherever `paths` put the topic) shows. */
export function currentEntryOf(
  paths: TopicPaths,
  topicId: string,
  pathname: string,
  pageId: string | undefined,
): string {
  if (pageId !== undefined) return pageId;
  // The segment after the topic's own address (…/reportcard, …/others/…), however it is encoded.
  const section = pathname.split('/')[paths.topic(topicId).split('/').length];
  if (section === 'reportcard') return REPORT_CARD;
  if (section === 'others') return OTHER_TOPICS;
  return TOPIC_HOME;
}

/** Forwards when `to` comes after `from` in the sequence, else backwards. */
export function flipBetween(
  entries: readonly TopicEntry[],
  from: string,
  to: string,
): FlipDirection {
  const at = (id: string) => entries.findIndex((entry) => entry.id === id);
  return at(to) >= at(from) ? 'next' : 'previous';
}
