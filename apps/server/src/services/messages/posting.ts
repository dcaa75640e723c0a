import { randomBytes } from 'node:crypto';
import { errorText, MESSAGE_MAX_LENGTH, type MessageView } from '@portal/domain';
import { inTransaction } from '../../db/repositories/executor';
import { roleIn } from '../../db/repositories/group-admin';
import { findMessage, insertMessage, threadExists } from '../../db/repositories/messages';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { canPostMessage, type Viewer } from '../../policies';
import { presentMessage } from '../../presenters/messages';
import { forbidden, invalid, notFound } from '../errors';
import { assertReadable, messageChannel, type MessageEvent, type MessagesContext } from './context';

const newMessageId = () => randomBytes(16).toString('base64url');

/**
 * Posts to the group, or privately: to the author's own thread, or (an administrator) into a
 * member's thread (`threadOf`), which that member then reads.
 */
export async function post(
  ctx: MessagesContext,
  org: OrganisationRecord,
  viewer: Viewer & { userId: string },
  groupId: string,
  input: { body: string; isPrivate?: boolean | undefined; threadOf?: string | undefined },
): Promise<MessageView> {
  assertReadable(org, viewer, groupId);
  const body = input.body.trim();
  if (body.length === 0) throw invalid('emptyMessage', { body: 'mustNotBeEmpty' });
  if ([...body].length > MESSAGE_MAX_LENGTH)
    throw invalid(errorText('longMessage', { max: MESSAGE_MAX_LENGTH }), {
      body: errorText('atMostCharacters', { max: MESSAGE_MAX_LENGTH }),
    });
  const isPrivate = input.isPrivate === true;
  if (input.threadOf !== undefined && !isPrivate)
    throw invalid('threadIsPrivate', { threadOf: 'needsPrivate' });
  const threadOf = input.threadOf;
  if (!canPostMessage(viewer, groupId, { isPrivate, threadOf }, org.settings.constraints))
    throw forbidden(
      threadOf !== undefined && threadOf !== viewer.userId
        ? 'answerInThreadAdminsOnly'
        : 'membersPostPrivately',
    );
  const threadId = isPrivate ? (threadOf ?? viewer.userId) : '';
  // An answer goes to a member of the group (or a thread it has): nowhere else.
  if (
    isPrivate &&
    threadId !== viewer.userId &&
    !(await roleIn(ctx.db, org.id, groupId, threadId)) &&
    !(await threadExists(ctx.db, org.id, groupId, threadId))
  )
    throw notFound('threadNotFound', { threadOf: 'notAMemberHere' });
  const id = newMessageId();
  // The message and its notices' job in one transaction: neither is kept without the other.
  await inTransaction(ctx.db, async (tx) => {
    await insertMessage(tx, {
      id,
      orgId: org.id,
      groupId,
      authorId: viewer.userId,
      threadId,
      body,
      isPrivate,
      createdAt: new Date().toISOString(),
    });
    await ctx.notifications.messagePosted(tx, org, { id, isPrivate });
  });
  void ctx.caches.changed({ messages: { org: org.id, group: groupId } });
  const record = await findMessage(ctx.db, org.id, groupId, id);
  if (!record) throw new Error('a message just written was not found');
  const message = presentMessage(record);
  const event: MessageEvent = { message, groupId, authorId: viewer.userId, threadId };
  // After the write: a stream that misses this (Redis away) still finds it by polling.
  ctx.pubsub
    .publish(messageChannel(ctx.channelPrefix, org.id, groupId), JSON.stringify(event))
    .catch((err) => {
      ctx.log.warn({ err }, 'a new message was not published to the live streams');
    });
  return message;
}
