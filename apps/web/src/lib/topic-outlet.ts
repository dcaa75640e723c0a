import type { PageView, ShowConditionView, TopicView } from '@portal/domain';
import { useOutletContext } from 'react-router';

/**
 * What the topic layout (features/topics) hands the screen in its <Outlet />: the topic home,
 * a page (features/page), the report card or the other topics. Features never import each
 * other, so this contract lives here.
 */
export interface TopicOutletContext {
  /** The topic id as it appears in the address ("general" for the general topic). */
  topicId: string;
  topic: TopicView;
  /** The pages this learner sees, in order. */
  pages: readonly PageView[];
}

export function useTopicOutlet(): TopicOutletContext {
  return useOutletContext<TopicOutletContext>();
}

/**
 * Spec §4: a page or fragment with a show condition is hidden while its formula is falsy. The
 * formula engine and the workbook it reads arrive with the workbook issue; until then an enabled
 * condition hides its page or fragment: it fails closed, as the demo's conditions do on an empty
 * workbook, and never shows content meant to stay hidden.
 */
export function isShown(item: { showCondition?: ShowConditionView }): boolean {
  return !item.showCondition?.enabled;
}
