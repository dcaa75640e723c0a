import { UNREAD_MAX, type UnreadMessagesAnswer } from '@portal/domain';
import {
  markRead as markReadUpTo,
  newestMessageAt,
  unreadChannels,
} from '../../db/repositories/messages';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { isMessagingOn, privateThreadsReadable, type Viewer } from '../../policies';
import { forbidden, notFound } from '../errors';
import { assertReadable, type MessagesContext } from './context';

/**
 * Per group of the viewer, the messages from others they may read and have not read: its
 * group messages and the private threads they read (their own; every one of a group they
 * administer), each count stopping at UNREAD_MAX.
 */
export async function unread(
  ctx: MessagesContext,
  org: OrganisationRecord,
  viewer: Viewer & { userId: string },
  only?: string,
): Promise<UnreadMessagesAnswer['groups']> {
  if (!isMessagingOn(org.settings)) throw forbidden('messagingOff');
  const groupIds = only ? [only] : [...viewer.groupIds].sort();
  const channels = await unreadChannels(ctx.db, {
    orgId: org.id,
    userId: viewer.userId,
    groupIds,
    adminGroupIds: [...viewer.adminGroupIds].filter((id) => !only || id === only),
    max: UNREAD_MAX,
  });
  return groupIds.map((groupId) => {
    const mine = channels.filter((c) => c.groupId === groupId);
    const group = mine.find((c) => c.threadId === '')?.unread ?? 0;
    const threads = mine
      .filter((c) => c.threadId !== '')
      .map((c) => ({ thread: c.threadId, unread: c.unread }))
      .sort((a, b) => (a.thread < b.thread ? -1 : 1));
    const privateUnread = threads.reduce((sum, t) => sum + t.unread, 0);
    return { groupId, unread: group + privateUnread, group, private: privateUnread, threads };
  });
}

/**
 * The viewer has read the group's messages up to now, or one private thread (their own; any
 * member's for an administrator). Answers what is still unread in the group.
 */
export async function markRead(
  ctx: MessagesContext,
  org: OrganisationRecord,
  viewer: Viewer & { userId: string },
  groupId: string,
  thread?: string,
): Promise<{ groupId: string; unread: number }> {
  assertReadable(org, viewer, groupId);
  if (
    thread !== undefined &&
    thread !== viewer.userId &&
    privateThreadsReadable(viewer, groupId) !== 'all'
  )
    throw notFound('threadNotFound');
  // Read up to the newest message there is, not up to the clock (newestMessageAt).
  const newest = await newestMessageAt(ctx.db, {
    orgId: org.id,
    groupId,
    until: new Date().toISOString(),
  });
  await markReadUpTo(ctx.db, {
    orgId: org.id,
    userId: viewer.userId,
    groupId,
    threadId: thread ?? '',
    at: newest ?? '',
  });
  const [left] = await unread(ctx, org, viewer, groupId);
  return { groupId, unread: left?.unread ?? 0 };
}
