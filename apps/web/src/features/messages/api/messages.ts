import {
  MESSAGE_PAGE_SIZE,
  messageAnswerSchema,
  messagesAnswerSchema,
  type MessageThread,
  routeUrl,
  type MessageView,
} from '@portal/domain';
import { call, requestJson } from '../../../lib/api/client';
import type { MessageChannel } from '../../../lib/api/messages';

/** A messages answer without its results (docs/product-spec.md §8: 'Cannot display fetched messages.'). */
export class UnreadableMessagesError extends Error {
  constructor() {
    super('The messages answer has no results');
    this.name = 'UnreadableMessagesError';
  }
}

/** A post answered without its message (§8: 'Cannot retrieve the new message sent'). */
export class MissingSentMessageError extends Error {
  constructor() {
    super('The post answered no message');
    this.name = 'MissingSentMessageError';
  }
}

export interface MessagesRequest {
  alias: string;
  groupId: string;
  /** The group's messages, the reader's own private thread, or one member's thread. */
  channel: MessageChannel;
  /** Only messages written after this time (ISO): what a poll asks for. */
  after?: string;
}

/** The member a channel's thread belongs to, when it is one member's thread. */
export const threadOf = (channel: MessageChannel): string | undefined =>
  channel.startsWith('thread:') ? channel.slice('thread:'.length) : undefined;

/**
 * GET /{org}/userGroup/{groupId}/message: the first page (50, newest first), or the messages
 * after a time. `createDate[lt]` is left out: the browser's clock is not the server's, and a
 * message stamped a moment "in the future" would be missed.
 */
export async function fetchMessages(
  request: MessagesRequest,
  signal?: AbortSignal,
): Promise<MessageView[]> {
  const path = routeUrl(
    'messages',
    { org: request.alias, groupId: request.groupId },
    {
      page: '1',
      limit: String(MESSAGE_PAGE_SIZE),
      'createDate[gt]': request.after,
      isPrivate: request.channel === 'group' ? undefined : 'true',
      thread: threadOf(request.channel),
    },
  );
  const answer = await requestJson<unknown>('GET', path, { signal });
  const parsed = messagesAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new UnreadableMessagesError();
  return parsed.data.results;
}

/**
 * POST /{org}/userGroup/{groupId}/message: the message as stored. A private message goes to the
 * author's own thread, or (an administrator's answer) to a member's thread (`threadOf`).
 */
export async function sendMessage(
  alias: string,
  groupId: string,
  body: string,
  channel: MessageChannel,
): Promise<MessageView> {
  const thread = threadOf(channel);
  const answer = await requestJson<unknown>(
    'POST',
    routeUrl('postMessage', { org: alias, groupId }),
    {
      body: { body, isPrivate: channel !== 'group', ...(thread && { threadOf: thread }) },
    },
  );
  const parsed = messageAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new MissingSentMessageError();
  return parsed.data.message;
}

/** GET /{org}/userGroup/{groupId}/message/stream: server-sent events (docs/design.md §10). */
export function messageStreamPath(alias: string, groupId: string): string {
  return routeUrl('messageStream', { org: alias, groupId });
}

/** GET /{org}/userGroup/{groupId}/message/threads: a group's private threads (administrators). */
export async function fetchThreads(
  alias: string,
  groupId: string,
  signal?: AbortSignal,
): Promise<MessageThread[]> {
  const { threads } = await call('messageThreads', { params: { org: alias, groupId }, signal });
  return threads;
}
