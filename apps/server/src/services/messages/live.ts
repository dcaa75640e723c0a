import type { MessageView } from '@portal/domain';
import { findMessage, listMessages, type MessageRecord } from '../../db/repositories/messages';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { canSeeMessage, isGroupMember, privateThreadsReadable, type Viewer } from '../../policies';
import { presentMessage } from '../../presenters/messages';
import { unavailable } from '../errors';
import type { Session } from '../session-service';
import { assertReadable, messageChannel, type MessageEvent, type MessagesContext } from './context';

/** The stream replays what was written this long before the last message the browser saw. */
export const REPLAY_OVERLAP_MS = 2_000;
/** At most this many messages of each kind (group, private) are replayed on a reconnection. */
export const REPLAY_MAX = 200;

const byTimeThenId = (a: MessageRecord, b: MessageRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/**
 * What a live stream of one learner on one group may send, checked when it opens: the HTTP
 * stream (http/message-streams.ts) delivers the bus's events through it.
 */
export interface LiveMessages {
  /** The bus channel of the group. */
  channel: string;
  groupId: string;
  /** The learner's account in the organisation (`org|user`): their streams are counted. */
  account: string;
  /** The learner as checked when the stream opened. */
  viewer: Viewer;
  /** The learner now, or null when they may no longer read the group (signed out, left it). */
  currentViewer(): Promise<Viewer | null>;
  /** Whether the learner may read a message of the bus. */
  canSee(viewer: Viewer, event: MessageEvent): boolean;
  /** What the browser missed since its Last-Event-ID, oldest first (none without it). */
  replay(): Promise<MessageView[]>;
}

/**
 * A live stream of the group for a signed-in learner. Refusals are thrown here, before
 * anything is sent. With `lastEventId` (the last message the browser has), the messages the
 * learner may read written from REPLAY_OVERLAP_MS before it are sent first, then live ones;
 * the browser merges by `_id`.
 */
export async function openLive(
  ctx: MessagesContext,
  org: OrganisationRecord,
  session: Session & { token: string },
  groupId: string,
  lastEventId: string | undefined,
): Promise<LiveMessages> {
  const viewer = await ctx.viewers.of(session);
  assertReadable(org, viewer, groupId);
  if (!ctx.pubsub.available()) throw unavailable('livePaused');
  const last = lastEventId ? await findMessage(ctx.db, org.id, groupId, lastEventId) : undefined;
  const since =
    last && canSeeMessage(viewer, groupId, last)
      ? new Date(Date.parse(last.createdAt) - REPLAY_OVERLAP_MS).toISOString()
      : undefined;

  const currentViewer = async (): Promise<Viewer | null> => {
    const current = await ctx.sessions.find(session.token, org.id);
    if (!current || current.userId !== session.userId) return null;
    const v = await ctx.viewers.of(current);
    return isGroupMember(v, groupId) ? v : null;
  };

  const replay = async (): Promise<MessageRecord[]> => {
    if (!since) return [];
    const scope = privateThreadsReadable(viewer, groupId);
    const common = {
      orgId: org.id,
      groupId,
      since,
      limit: REPLAY_MAX,
      offset: 0,
      order: 'asc' as const,
    };
    const [group, own] = await Promise.all([
      listMessages(ctx.db, { ...common, isPrivate: false }),
      scope === 'none'
        ? []
        : listMessages(ctx.db, {
            ...common,
            isPrivate: true,
            ...(scope === 'own' && { threadId: viewer.userId! }),
          }),
    ]);
    return [...group, ...own].sort(byTimeThenId);
  };

  return {
    channel: messageChannel(ctx.channelPrefix, org.id, groupId),
    groupId,
    account: `${org.id}|${session.userId}`,
    viewer,
    currentViewer,
    canSee: (v, event) =>
      canSeeMessage(v, groupId, {
        isPrivate: event.message.isPrivate,
        threadId: event.threadId ?? event.message.thread ?? '',
      }),
    replay: async () => (await replay()).map(presentMessage),
  };
}
