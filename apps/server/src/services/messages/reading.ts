import { MESSAGE_PAGE_SIZE, UNREAD_MAX, type MessageThread } from '@portal/domain';
import { listMessages, threadsOf, unreadInThread } from '../../db/repositories/messages';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertGroupAdmin, privateThreadsReadable, type Viewer } from '../../policies';
import { presentAuthor, presentMessage } from '../../presenters/messages';
import { notFound } from '../errors';
import { assertReadable, type MessagesContext } from './context';

/** The private threads an administrator's list shows at most. */
const THREADS_LISTED = 200;

/**
 * How long a page of messages, serialised, answers the polls that ask for it (10,000 learners
 * polling every 10 s ask for the same few pages). A post drops its group's pages here at once and
 * on the other processes as soon as the bus carries it (their live streams get it at once too).
 */
export const PAGE_CACHED_MS = 1_000;

export interface MessageListOptions {
  page?: number | undefined;
  limit?: number | undefined;
  /** Exclusive bounds, epoch milliseconds. */
  after?: number | undefined;
  before?: number | undefined;
  isPrivate?: boolean | undefined;
  /** One private thread (an administrator's choice). */
  thread?: string | undefined;
}

/**
 * A page of the group's messages (or of the private ones the viewer reads: their own thread,
 * or for an administrator every thread or the one asked for), newest first, as the JSON of the
 * route's answer (`{"results":[…]}`), kept PAGE_CACHED_MS for every reader who reads the same
 * messages.
 */
export async function listJson(
  ctx: MessagesContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  options: MessageListOptions = {},
): Promise<string> {
  assertReadable(org, viewer, groupId);
  const limit = Math.min(options.limit ?? MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE);
  const page = options.page ?? 1;
  const isPrivate = options.isPrivate === true;
  let threadId: string | undefined;
  if (isPrivate) {
    const scope = privateThreadsReadable(viewer, groupId);
    if (scope === 'own') {
      // A member reads their own thread; another's is no business of theirs (as if none).
      if (options.thread !== undefined && options.thread !== viewer.userId)
        throw notFound('threadNotFound');
      threadId = viewer.userId!;
    } else threadId = options.thread;
  }
  const reader = !isPrivate ? 'group' : threadId === undefined ? 'threads' : `thread:${threadId}`;
  const key = [
    `${org.id}|${groupId}`,
    reader,
    page,
    limit,
    options.after ?? '',
    options.before ?? '',
  ].join('|');
  const read = async () => {
    const records = await listMessages(ctx.db, {
      orgId: org.id,
      groupId,
      isPrivate,
      ...(threadId !== undefined && { threadId }),
      ...(options.after !== undefined && { after: new Date(options.after).toISOString() }),
      // Without `createDate[lt]`, "now" includes the message written in this very millisecond.
      ...(options.before !== undefined && { before: new Date(options.before).toISOString() }),
      limit,
      offset: (page - 1) * limit,
      order: 'desc',
    });
    return JSON.stringify({ results: records.map(presentMessage) });
  };
  const answer = await ctx.pages.get({ orgId: org.id, groupId, key, read });
  if (!answer) throw new Error('a page of messages was not read');
  return answer.json;
}

/**
 * The private threads of a group, for its administrators (403 for a member): one per member
 * who has one, newest activity first, each with what the administrator has not read in it.
 */
export async function threads(
  ctx: MessagesContext,
  org: OrganisationRecord,
  viewer: Viewer & { userId: string },
  groupId: string,
): Promise<MessageThread[]> {
  assertReadable(org, viewer, groupId);
  assertGroupAdmin(viewer, groupId);
  const rows = await threadsOf(ctx.db, {
    orgId: org.id,
    groupId,
    readerId: viewer.userId,
    limit: THREADS_LISTED,
  });
  return Promise.all(
    rows.map(async (row) => ({
      thread: row.threadId,
      account: presentAuthor(row.threadId, row.member),
      lastMessageAt: row.lastAt,
      unread:
        row.readAt !== null && row.lastAt <= row.readAt
          ? 0
          : await unreadInThread(ctx.db, {
              orgId: org.id,
              groupId,
              threadId: row.threadId,
              readAt: row.readAt,
              readerId: viewer.userId,
              max: UNREAD_MAX,
            }),
    })),
  );
}
