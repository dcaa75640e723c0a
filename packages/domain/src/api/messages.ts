import { z } from 'zod';
import { localeQuerySchema } from '../api-schemas';

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

/**
 * `POST /{org}/userGroup/{groupId}/message/read` (beyond the spec): the learner has read the
 * group up to now; answers the group's new unread count (0).
 */
export const messageReadAnswerSchema = z.object({
  groupId: z.string(),
  unread: z.number().int().nonnegative(),
});

/**
 * The body of `POST /{org}/userGroup/{groupId}/message`. The body is trimmed by the server, which
 * refuses an empty one and one over MESSAGE_MAX_LENGTH characters (400 with `errfor.body`).
 */
export const messagePostBodySchema = z.object({
  body: z.string(),
  /** To the group's administrators only; false (the default) for the whole group. */
  isPrivate: z.boolean().optional(),
});

/** A date of the `createDate[gt]` / `createDate[lt]` filters: ISO 8601 (or epoch milliseconds). */
export const messageDateQuerySchema = z
  .string()
  .max(40)
  .refine(
    (value) =>
      (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ||
        /^\d{1,15}$/.test(value)) &&
      !Number.isNaN(parseMessageDate(value)),
    'must be an ISO 8601 date',
  );

/** The time of a `createDate[…]` filter value, in epoch milliseconds (NaN when it is none). */
export function parseMessageDate(value: string): number {
  return /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
}

/**
 * The query of `GET /{org}/userGroup/{groupId}/message` (spec §7). The date filters are sent with
 * their brackets as literal keys (`?createDate[gt]=2026-01-01T00:00:00.000Z`); both are exclusive.
 * `limit` above MESSAGE_PAGE_SIZE is refused (400), not clamped.
 */
export const messagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).optional(),
  'createDate[gt]': messageDateQuerySchema.optional(),
  'createDate[lt]': messageDateQuerySchema.optional(),
  /** `true`: the private messages the learner may read; anything else: the group's messages. */
  isPrivate: z.enum(['true', 'false']).optional(),
  locale: localeQuerySchema.optional(),
});

export type MessageView = z.infer<typeof messageViewSchema>;
export type MessagesAnswer = z.infer<typeof messagesAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type UnreadMessagesAnswer = z.infer<typeof unreadMessagesAnswerSchema>;
export type MessageReadAnswer = z.infer<typeof messageReadAnswerSchema>;
export type MessagePostBody = z.infer<typeof messagePostBodySchema>;
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;
