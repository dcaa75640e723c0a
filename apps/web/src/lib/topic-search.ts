import type { ComponentType, ReactNode } from 'react';

/** One topic of GET /{org}/search (docs/product-spec.md §7), in the requested locale. */
export interface SearchResultTopic {
  _id: string;
  name: string;
  /** Author HTML. */
  description: string;
  topicImage?: { secure_url: string };
}

/**
 * The search box of /topics, /others and /topicGroup/{id} (features/search), as those screens
 * (features/topics) receive it from the routes: features never import each other.
 */
export interface TopicSearchProps {
  /** Searches within this topic group only. */
  topicGroupId?: string;
  /** What the screen shows while nothing is searched: its usual cards. */
  children: ReactNode;
  /** Draws the result cards as the screen draws its own; `label` names the list. */
  renderResults: (topics: readonly SearchResultTopic[], label: string) => ReactNode;
}

export type TopicSearchComponent = ComponentType<TopicSearchProps>;
