import type { TopicView } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, withQuery } from '../../../lib/api-client';

export const topicKeys = {
  all: ['topic'] as const,
  /** `viewer` tells viewers apart: private pages are in the answer for members only. */
  detail: (alias: string, topicId: string, locale: string, viewer: string) =>
    ['topic', alias, topicId, locale, viewer] as const,
};

/** GET /{org}/topic/{topicId}?locale (spec §7): the topic with the pages this viewer may see. */
export function topicQuery(alias: string, topicId: string, locale: string, viewer: string) {
  return queryOptions({
    queryKey: topicKeys.detail(alias, topicId, locale, viewer),
    queryFn: async ({ signal }) => {
      const path = withQuery(
        `/api/org/${encodeURIComponent(alias)}/topic/${encodeURIComponent(topicId)}`,
        { locale },
      );
      const { topic } = await getJson<{ topic: TopicView }>(path, signal);
      return topic;
    },
  });
}
