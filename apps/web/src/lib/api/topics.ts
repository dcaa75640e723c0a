import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/**
 * One key for a topic wherever it is read (the topic layout, the print view), so a screen
 * opened from another shows at once from the cache.
 */
export const topicKeys = {
  /** `viewer` tells viewers apart: private pages are in the answer for members only. */
  detail: (alias: string, topicId: string, locale: string, viewer: string) =>
    ['topic', alias, topicId, locale, viewer] as const,
};

/** GET /{org}/topic/{topicId}?locale: the topic with the pages this viewer may see. */
export async function fetchTopic(
  alias: string,
  topicId: string,
  locale: string,
  signal?: AbortSignal,
) {
  const { topic } = await call('topic', {
    params: { org: alias, topicId },
    query: { locale },
    signal,
  });
  return topic;
}

export function topicQuery(alias: string, topicId: string, locale: string, viewer: string) {
  return queryOptions({
    queryKey: topicKeys.detail(alias, topicId, locale, viewer),
    queryFn: ({ signal }) => fetchTopic(alias, topicId, locale, signal),
  });
}
