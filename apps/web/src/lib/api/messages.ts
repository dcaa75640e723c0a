import type { UnreadMessagesAnswer } from '@portal/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getJson, orgPath, requestJson } from './client';

/**
 * What of messaging more than one part of the app uses: the unread counts (the header's badge,
 * the panel that clears them) and marking a group read. The panel's own calls (the messages, a
 * post, the live stream) live in features/messages/api. No zod here: the header is on the first
 * page.
 */

/** The unread counts are asked for again every minute while signed in (and on window focus). */
export const UNREAD_REFRESH_MS = 60_000;

export const messageKeys = {
  /** Every messages entry of an organisation and viewer (the panel's lists and the counts). */
  all: (alias: string, viewer: string) => ['messages', alias, viewer] as const,
  unread: (alias: string, viewer: string) => ['messages', alias, viewer, 'unread'] as const,
  list: (alias: string, viewer: string, groupId: string, isPrivate: boolean) =>
    ['messages', alias, viewer, 'list', groupId, isPrivate ? 'private' : 'group'] as const,
};

export function userGroupPath(alias: string, groupId: string, path = ''): string {
  return orgPath(alias, `/userGroup/${encodeURIComponent(groupId)}${path}`);
}

/** GET /{org}/message/unread: per group of the learner, how many messages they have not read. */
export function unreadMessagesQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: messageKeys.unread(alias, viewer),
    queryFn: ({ signal }) =>
      getJson<UnreadMessagesAnswer>(orgPath(alias, '/message/unread'), signal),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The number of unread messages over every group. */
export function totalUnread(answer: UnreadMessagesAnswer | undefined): number {
  return (answer?.groups ?? []).reduce((sum, group) => sum + group.unread, 0);
}

/**
 * POST /{org}/userGroup/{groupId}/message/read: the learner has seen the group's messages. The
 * group's count drops to zero in the cache at once.
 */
export async function markGroupRead(
  queryClient: QueryClient,
  alias: string,
  viewer: string,
  groupId: string,
): Promise<void> {
  queryClient.setQueryData<UnreadMessagesAnswer>(messageKeys.unread(alias, viewer), (previous) =>
    previous
      ? {
          groups: previous.groups.map((group) =>
            group.groupId === groupId ? { ...group, unread: 0 } : group,
          ),
        }
      : previous,
  );
  await requestJson('POST', userGroupPath(alias, groupId, '/message/read'));
}
