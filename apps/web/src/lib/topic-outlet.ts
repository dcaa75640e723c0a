import type { PageView, TopicView } from '@portal/domain';
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
