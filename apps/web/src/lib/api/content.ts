import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

/** One key for a stored body wherever it is shown (a page, the print view). */
export const contentKeys = {
  detail: (alias: string, contentId: string, pageId: string, locale: string, viewer: string) =>
    ['content', alias, contentId, pageId, locale, viewer] as const,
};

/**
 * GET /{org}/{contentId}/content/?parent&locale: the body of a content fragment that is stored
 * apart from its page because it is long.
 */
export function contentQuery(
  alias: string,
  contentId: string,
  pageId: string,
  locale: string,
  viewer: string,
) {
  return queryOptions({
    queryKey: contentKeys.detail(alias, contentId, pageId, locale, viewer),
    queryFn: async ({ signal }) => {
      const { content } = await call('contentSlash', {
        params: { org: alias, id: contentId },
        query: { parent: pageId, locale },
        signal,
      });
      return content;
    },
  });
}
