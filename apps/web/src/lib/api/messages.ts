import type { UnreadMessagesAnswer } from '@portal/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from './client';

/**
 * What of messaging more than one part of the app uses: the unread counts (the header's badge,
 * the panel that clears them) and marking a group read. The panel's own calls (the messages, a
 * post, the live stream) live in features/messages/api. No zod here: the header is on the first
 * page.
 */

/**
 * The unread counts are asked for again every 10 s while signed in (and on window focus), the
 * panel open or closed, so the Messages link says a message arrived (docs/design.md §10).
 */
export const UNREAD_REFRESH_MS = 10_000;

/**
 * Which messages of a group a list holds: the group's, the reader's own private thread (a
 * member's private tab), or one member's thread (an administrator's).
 */
export type MessageChannel = 'group' | 'private' | `thread:${string}`;

export const messageKeys = {
  /** Every messages entry of an organisation and viewer (the panel's lists and the counts). */
  all: (alias: string, viewer: string) => ['messages', alias, viewer] as const,
  unread: (alias: string, viewer: string) => ['messages', alias, viewer, 'unread'] as const,
  list: (alias: string, viewer: string, groupId: string, channel: MessageChannel) =>
    ['messages', alias, viewer, 'list', groupId, channel] as const,
  /** An administrator's list of a group's private threads. */
  threads: (alias: string, viewer: string, groupId: string) =>
    ['messages', alias, viewer, 'threads', groupId] as const,
};

/** GET /{org}/message/unread: per group of the learner, how many messages they have not read. */
export function unreadMessagesQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: messageKeys.unread(alias, viewer),
    queryFn: ({ signal }) => call('unreadMessages', { params: { org: alias }, signal }),
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The number of unread messages over every group. */
export function totalUnread(answer: UnreadMessagesAnswer | undefined): number {
  return (answer?.groups ?? []).reduce((sum, group) => sum + group.unread, 0);
}

/** What a channel's messages count in a group's unread answer. */
function withChannelRead(
  group: UnreadMessagesAnswer['groups'][number],
  channel: MessageChannel,
): UnreadMessagesAnswer['groups'][number] {
  if (channel === 'group') return { ...group, group: 0, unread: group.private };
  const threads =
    channel === 'private'
      ? // A member's own thread is the only one they read.
        []
      : group.threads.filter((t) => `thread:${t.thread}` !== channel);
  const privateUnread = threads.reduce((sum, t) => sum + t.unread, 0);
  return { ...group, threads, private: privateUnread, unread: group.group + privateUnread };
}

/**
 * POST /{org}/userGroup/{groupId}/message/read: the learner has seen a channel of the group (its
 * group messages, their own private thread, or a member's thread). Its count drops to zero in
 * the cache at once; counts asked for before the server recorded the read (the panel opening
 * asks for them too) would bring it back, so they are dropped, and asked for again after.
 */
export async function markGroupRead(
  queryClient: QueryClient,
  alias: string,
  viewer: string,
  groupId: string,
  channel: MessageChannel = 'group',
): Promise<void> {
  const unreadKey = messageKeys.unread(alias, viewer);
  await queryClient.cancelQueries({ queryKey: unreadKey });
  queryClient.setQueryData<UnreadMessagesAnswer>(unreadKey, (previous) =>
    previous
      ? {
          groups: previous.groups.map((group) =>
            group.groupId === groupId ? withChannelRead(group, channel) : group,
          ),
        }
      : previous,
  );
  const body =
    channel === 'group'
      ? {}
      : channel === 'private'
        ? { isPrivate: true }
        : { thread: channel.slice('thread:'.length) };
  await call('markMessagesRead', { params: { org: alias, groupId }, body });
  await queryClient.invalidateQueries({ queryKey: unreadKey });
}
