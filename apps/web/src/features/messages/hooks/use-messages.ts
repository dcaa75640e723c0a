import { MESSAGE_POLL_MS, type MessageView } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { markGroupRead, messageKeys } from '../../../lib/api/messages';
import { fetchMessages } from '../api/messages';
import { mergeMessages } from '../lib/messages';
import { useMessageStream } from './use-message-stream';

/**
 * A poll asks for what was written after the newest message held, less this margin (two
 * messages stamped in the same instant, or one committed a moment late, are not missed; the
 * merge by `_id` drops the repeats).
 */
const POLL_OVERLAP_MS = 5_000;
/** How many of the latest streamed messages are kept for a list that is being fetched. */
const RECEIVED_KEPT = 200;

interface Options {
  alias: string;
  viewer: string;
  groupId: string;
  isPrivate: boolean;
}

/**
 * The messages of the open panel (docs/product-spec.md §4): the first page, then new ones merged
 * in by `_id`, newest first, from the live stream or, whenever it is not connected, a poll
 * every 10 s. The list is the cache entry of (group, mode): it is dropped when nothing shows
 * it, so changing group, mode or closing the panel clears it and the next view fetches again.
 * The group is marked read when its messages show and when new ones arrive.
 */
export function useMessages({ alias, viewer, groupId, isPrivate }: Options) {
  const queryClient = useQueryClient();
  const key = messageKeys.list(alias, viewer, groupId, isPrivate);

  const addMessages = useCallback(
    (messages: readonly MessageView[]) => {
      for (const mode of [false, true]) {
        const mine = messages.filter((message) => message.isPrivate === mode);
        if (mine.length === 0) continue;
        // Only into a list on show: the stream does not create one.
        queryClient.setQueryData<MessageView[]>(
          messageKeys.list(alias, viewer, groupId, mode),
          (previous) => (previous ? mergeMessages(previous, mine) : previous),
        );
      }
    },
    [queryClient, alias, viewer, groupId],
  );

  // A message streamed while a list is being fetched finds no list to go into, and the fetch may
  // have been answered before it was written: the latest ones are kept, and each fetch adds them.
  const received = useRef<{ groupId: string; message: MessageView }[]>([]);
  const connected = useMessageStream(alias, groupId, true, (message) => {
    received.current = [...received.current.slice(-(RECEIVED_KEPT - 1)), { groupId, message }];
    addMessages([message]);
  });

  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const current = queryClient.getQueryData<MessageView[]>(key);
      const newest = current?.[0];
      const after = newest
        ? new Date(Date.parse(newest.createDate) - POLL_OVERLAP_MS).toISOString()
        : undefined;
      const fetched = await fetchMessages({ alias, groupId, isPrivate, after }, signal);
      const streamed = received.current
        .filter((each) => each.groupId === groupId && each.message.isPrivate === isPrivate)
        .map((each) => each.message);
      // The list as it is now (the stream may have added to it meanwhile), with what was fetched.
      const now = queryClient.getQueryData<MessageView[]>(key) ?? current ?? [];
      return mergeMessages(now, [...fetched, ...streamed]);
    },
    refetchInterval: connected ? false : MESSAGE_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    gcTime: 0,
    staleTime: Infinity,
  });

  // Once the stream is (again) connected, catch up with what came while it was not.
  const { refetch } = query;
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch();
    wasConnected.current = connected;
  }, [connected, refetch]);

  // Read: when the group's messages show, and again when new ones arrive.
  const newestId = query.data?.[0]?._id ?? (query.isSuccess ? '' : null);
  useEffect(() => {
    if (newestId === null) return;
    markGroupRead(queryClient, alias, viewer, groupId).catch(() => undefined);
  }, [newestId, queryClient, alias, viewer, groupId]);

  return { ...query, connected, addMessages };
}
