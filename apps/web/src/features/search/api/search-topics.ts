import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** Keywords of fewer characters than this search nothing. */
export const SEARCH_MIN_LENGTH = 3;

/** Whether `keywords` are long enough to be searched. */
export function isSearchable(keywords: string): boolean {
  return keywords.trim().length >= SEARCH_MIN_LENGTH;
}

export const searchKeys = {
  all: ['search'] as const,
  /** `viewer`: private topics are found only by those who may open them. */
  results: (
    alias: string,
    keywords: string,
    locale: string,
    topicGroupId: string | undefined,
    viewer: string,
  ) => ['search', alias, keywords, locale, topicGroupId ?? null, viewer] as const,
};

/**
 * GET /{org}/search?keywords&locale&topicGroup: topics ranked by relevance. The request is
 * aborted when its answer is no longer wanted (the learner typed on).
 */
export function searchQuery(
  alias: string,
  keywords: string,
  locale: string,
  topicGroupId: string | undefined,
  viewer: string,
) {
  return queryOptions({
    queryKey: searchKeys.results(alias, keywords, locale, topicGroupId, viewer),
    queryFn: async ({ signal }) => {
      const { topics } = await call('search', {
        params: { org: alias },
        query: { keywords, locale, topicGroup: topicGroupId },
        signal,
      });
      return topics;
    },
  });
}
