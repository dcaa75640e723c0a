import { MESSAGE_POLL_MS, type MessageView } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { markGroupRead, messageKeys, type MessageChannel } from '../../../lib/api/messages';
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
  channel: MessageChannel;
}

/** The lists a message belongs in: the group's, or its private thread's (both views of it). */
export function channelsOf(message: MessageView): MessageChannel[] {
  if (!message.isPrivate) return ['group'];
  return message.thread ? ['private', `thread:${message.thread}`] : ['private'];
}

/**
 * The messages of the open panel (docs/product-spec.md §4, docs/design.md §10): the first page,
 * then new ones merged in by `_id`, newest first, from the live stream and from a poll every
 * 10 s, which runs whether or not the stream is connected (a proxy may hold a stream open that
 * delivers nothing; the stream only makes delivery sooner). The list is the cache entry of
 * (group, channel): it is dropped when nothing shows it, so changing group, channel or closing
 * the panel clears it and the next view fetches again. The channel is marked read when its
 * messages show and when new ones arrive.
 */
export function useMessages({ alias, viewer, groupId, channel }: Options) {
  const queryClient = useQueryClient();
  const key = messageKeys.list(alias, viewer, groupId, channel);

  const addMessages = useCallback(
    (messages: readonly MessageView[]) => {
      const by = new Map<MessageChannel, MessageView[]>();
      for (const message of messages)
        for (const each of channelsOf(message)) by.set(each, [...(by.get(each) ?? []), message]);
      for (const [each, mine] of by)
        // Only into a list on show: the stream does not create one.
        queryClient.setQueryData<MessageView[]>(
          messageKeys.list(alias, viewer, groupId, each),
          (previous) => (previous ? mergeMessages(previous, mine) : previous),
        );
    },
    [queryClient, alias, viewer, groupId],
  );

  // A message streamed while a list is being fetched finds no list to go into, and the fetch may
  // have been answered before it was written: the latest ones are kept, and each fetch adds them.
  const received = useRef<{ groupId: string; message: MessageView }[]>([]);
  const connected = useMessageStream(alias, groupId, true, (message) => {
    received.current = [...received.current.slice(-(RECEIVED_KEPT - 1)), { groupId, message }];
    addMessages([message]);
    // A private message in a thread this administrator is not looking at: its list shows it.
    if (message.isPrivate)
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads(alias, viewer, groupId) });
  });

  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const current = queryClient.getQueryData<MessageView[]>(key);
      const newest = current?.[0];
      const after = newest
        ? new Date(Date.parse(newest.createDate) - POLL_OVERLAP_MS).toISOString()
        : undefined;
      const fetched = await fetchMessages({ alias, groupId, channel, after }, signal);
      const streamed = received.current
        .filter((each) => each.groupId === groupId && channelsOf(each.message).includes(channel))
        .map((each) => each.message);
      // The list as it is now (the stream may have added to it meanwhile), with what was fetched.
      const now = queryClient.getQueryData<MessageView[]>(key) ?? current ?? [];
      return mergeMessages(now, [...fetched, ...streamed]);
    },
    refetchInterval: MESSAGE_POLL_MS,
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

  // Read: when the channel's messages show, and again when new ones arrive.
  const newestId = query.data?.[0]?._id ?? (query.isSuccess ? '' : null);
  useEffect(() => {
    if (newestId === null) return;
    markGroupRead(queryClient, alias, viewer, groupId, channel).catch(() => undefined);
  }, [newestId, queryClient, alias, viewer, groupId, channel]);

  return { ...query, connected, addMessages };
}
