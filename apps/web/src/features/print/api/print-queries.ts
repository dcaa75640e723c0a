import type { ContentView, TopicView } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, withQuery } from '../../../lib/api-client';

const orgPath = (alias: string) => `/api/org/${encodeURIComponent(alias)}`;

/**
 * GET /{org}/topic/{topicId}?locale (spec §7). The key is the one the topic layout uses, so a
 * print view opened from the topic shows at once from the cache.
 */
export function printTopicQuery(alias: string, topicId: string, locale: string, viewer: string) {
  return queryOptions({
    queryKey: ['topic', alias, topicId, locale, viewer] as const,
    queryFn: async ({ signal }) => {
      const path = withQuery(`${orgPath(alias)}/topic/${encodeURIComponent(topicId)}`, {
        locale,
      });
      const { topic } = await getJson<{ topic: TopicView }>(path, signal);
      return topic;
    },
  });
}

/** GET /{org}/{id}/content/?parent&locale: a long body stored apart (same key as the page's). */
export function printContentQuery(
  alias: string,
  contentId: string,
  pageId: string,
  locale: string,
  viewer: string,
) {
  return queryOptions({
    queryKey: ['content', alias, contentId, pageId, locale, viewer] as const,
    queryFn: async ({ signal }) => {
      const path = withQuery(`${orgPath(alias)}/${encodeURIComponent(contentId)}/content/`, {
        parent: pageId,
        locale,
      });
      const { content } = await getJson<{ content: ContentView }>(path, signal);
      return content;
    },
  });
}
