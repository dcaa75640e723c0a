import { z } from 'zod';

/**
 * Messages of a user group (docs/product-spec.md §3 Message, §7; docs/design.md §10).
 * A group message is read by every member; a private one (to the group's administrators) by its
 * sender and the group's administrators only.
 */

/** Spec §9: a page holds at most 50 messages; the first page is 1. */
export const MESSAGE_PAGE_SIZE = 50;
/** The longest body a message may have, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 4000;
/** Spec §9: the panel polls every 10 s while open (and while the live stream is not connected). */
export const MESSAGE_POLL_MS = 10_000;

export const messageViewSchema = z.object({
  _id: z.string(),
  /** Plain text, as the author typed it (trimmed); never HTML. */
  body: z.string(),
  isPrivate: z.boolean(),
  /** ISO 8601, UTC, with milliseconds. */
  createDate: z.string(),
  account: z.object({
    name: z.object({ first: z.string(), last: z.string() }),
    profilePicture: z.object({ secure_url: z.string() }).optional(),
    user: z.object({ id: z.object({ username: z.string() }) }),
  }),
});

/** `GET /{org}/userGroup/{groupId}/message`: newest first. */
export const messagesAnswerSchema = z.object({ results: z.array(messageViewSchema) });
/** `POST /{org}/userGroup/{groupId}/message`. */
export const messageAnswerSchema = z.object({ message: messageViewSchema });

/**
 * `GET /{org}/message/unread` (beyond the spec): per group of the learner, how many messages
 * they may read arrived, from someone else, since they last read the group (`POST
 * /{org}/userGroup/{groupId}/message/read`).
 */
export const unreadMessagesAnswerSchema = z.object({
  groups: z.array(z.object({ groupId: z.string(), unread: z.number().int().nonnegative() })),
});

export type MessageView = z.infer<typeof messageViewSchema>;
export type MessagesAnswer = z.infer<typeof messagesAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type UnreadMessagesAnswer = z.infer<typeof unreadMessagesAnswerSchema>;
