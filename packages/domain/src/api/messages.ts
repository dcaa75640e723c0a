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
/** Spec §9: the panel polls every 10 s while open, whether or not the live stream is connected. */
export const MESSAGE_POLL_MS = 10_000;

export const messageViewSchema = z.object({
  _id: z.string(),
  /** Plain text, as the author typed it (trimmed); never HTML. */
  body: z.string(),
  isPrivate: z.boolean(),
  /** ISO 8601, UTC, with milliseconds. */
  createDate: z.string(),
  account: z.object({
    /** The author's account id. */
    _id: z.string(),
    name: z.object({ first: z.string(), last: z.string() }),
    profilePicture: z.object({ secure_url: z.string() }).optional(),
    user: z.object({ id: z.object({ username: z.string() }) }),
  }),
  /** A private message's thread: the account id of the member it belongs to. */
  thread: z.string().optional(),
  /** Its author's account was erased (docs/design.md §18): no body, no name; it reads "deleted". */
  deleted: z.literal(true).optional(),
});

/** `GET /{org}/userGroup/{groupId}/message`: newest first. */
export const messagesAnswerSchema = z.object({ results: z.array(messageViewSchema) });
/** `POST /{org}/userGroup/{groupId}/message`. */
export const messageAnswerSchema = z.object({ message: messageViewSchema });

/** An account id as a thread names it (`threadOf`, `thread`). */
export const threadIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an account id');

/**
 * `GET /{org}/message/unread` (docs/design.md §10): per group of the learner, how many messages
 * they may read arrived, from someone else, since they last read them (`POST
 * /{org}/userGroup/{groupId}/message/read`). `unread` is the group's total: its group messages
 * and the private threads the learner reads (their own; every member's for an administrator),
 * each listed in `threads` while it has unread messages. Counts stop at UNREAD_MAX.
 */
export const unreadMessagesAnswerSchema = z.object({
  groups: z.array(
    z.object({
      groupId: z.string(),
      unread: z.number().int().nonnegative(),
      /** Unread group messages. */
      group: z.number().int().nonnegative(),
      /** Unread private messages, over the threads below. */
      private: z.number().int().nonnegative(),
      threads: z.array(z.object({ thread: z.string(), unread: z.number().int().nonnegative() })),
    }),
  ),
});

/** A count of unread messages stops here (the interface shows "99+"). */
export const UNREAD_MAX = 100;

/**
 * The body of `POST /{org}/userGroup/{groupId}/message/read` (beyond the spec): what was read up
 * to now: the group's messages (no body, or `{}`), one private thread (`{thread}`: an
 * administrator's choice), or the reader's own private thread (`{isPrivate: true}`).
 */
export const messageReadBodySchema = z
  .object({ thread: threadIdSchema.optional(), isPrivate: z.boolean().optional() })
  // Fastify hands a POST without a body to the schema as null.
  .nullish()
  .default({});

/** `POST …/message/read`: the group's new unread count (its total). */
export const messageReadAnswerSchema = z.object({
  groupId: z.string(),
  unread: z.number().int().nonnegative(),
});

/**
 * `GET /{org}/userGroup/{groupId}/message/threads` (administrators only): the private threads of
 * the group, one per member who has one, newest activity first, with what is unread in each.
 */
export const messageThreadSchema = z.object({
  thread: z.string(),
  account: z.object({
    _id: z.string(),
    name: z.object({ first: z.string(), last: z.string() }),
    profilePicture: z.object({ secure_url: z.string() }).optional(),
    user: z.object({ id: z.object({ username: z.string() }) }),
  }),
  lastMessageAt: z.string(),
  unread: z.number().int().nonnegative(),
});

export const messageThreadsAnswerSchema = z.object({ threads: z.array(messageThreadSchema) });

/**
 * The body of `POST /{org}/userGroup/{groupId}/message`. The body is trimmed by the server, which
 * refuses an empty one and one over MESSAGE_MAX_LENGTH characters (400 with `errfor.body`).
 */
export const messagePostBodySchema = z.object({
  body: z.string(),
  /** Private (a thread); false (the default) for the whole group. */
  isPrivate: z.boolean().optional(),
  /**
   * An administrator's answer in a member's thread (their account id). Without it a private
   * message goes to the author's own thread, which the group's administrators read.
   */
  threadOf: threadIdSchema.optional(),
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
  /** With isPrivate=true: one member's thread (an administrator's choice; a member reads their own). */
  thread: threadIdSchema.optional(),
  locale: localeQuerySchema.optional(),
});

export type MessageView = z.infer<typeof messageViewSchema>;
export type MessagesAnswer = z.infer<typeof messagesAnswerSchema>;
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type UnreadMessagesAnswer = z.infer<typeof unreadMessagesAnswerSchema>;
export type MessageReadAnswer = z.infer<typeof messageReadAnswerSchema>;
export type MessageThread = z.infer<typeof messageThreadSchema>;
export type MessageThreadsAnswer = z.infer<typeof messageThreadsAnswerSchema>;
export type MessagePostBody = z.infer<typeof messagePostBodySchema>;
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;
