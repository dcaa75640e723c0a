import {
  MESSAGE_PAGE_SIZE,
  messageAnswerSchema,
  messagesAnswerSchema,
  type MessageView,
} from '@portal/domain';
import { requestJson, withQuery } from '../../../lib/api/client';
import { userGroupPath } from '../../../lib/api/messages';

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
  /** The private messages (to the group's administrators) rather than the group's. */
  isPrivate: boolean;
  /** Only messages written after this time (ISO): what a poll asks for. */
  after?: string;
}

/**
 * GET /{org}/userGroup/{groupId}/message: the first page (50, newest first), or the messages
 * after a time. `createDate[lt]` is left out: the browser's clock is not the server's, and a
 * message stamped a moment "in the future" would be missed.
 */
export async function fetchMessages(
  request: MessagesRequest,
  signal?: AbortSignal,
): Promise<MessageView[]> {
  const path = withQuery(userGroupPath(request.alias, request.groupId, '/message'), {
    page: '1',
    limit: String(MESSAGE_PAGE_SIZE),
    'createDate[gt]': request.after,
    isPrivate: request.isPrivate ? 'true' : undefined,
  });
  const answer = await requestJson<unknown>('GET', path, { signal });
  const parsed = messagesAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new UnreadableMessagesError();
  return parsed.data.results;
}

/** POST /{org}/userGroup/{groupId}/message: the message as stored. */
export async function sendMessage(
  alias: string,
  groupId: string,
  body: string,
  isPrivate: boolean,
): Promise<MessageView> {
  const answer = await requestJson<unknown>('POST', userGroupPath(alias, groupId, '/message'), {
    body: { body, isPrivate },
  });
  const parsed = messageAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new MissingSentMessageError();
  return parsed.data.message;
}

/** GET /{org}/userGroup/{groupId}/message/stream: server-sent events (docs/design.md §10). */
export function messageStreamPath(alias: string, groupId: string): string {
  return userGroupPath(alias, groupId, '/message/stream');
}
