import { z } from 'zod';
import { scoresSchema } from './scores';

/**
 * A group's page for its administrators (docs/design.md §12): the members with their progress
 * per topic and worksheet, the seats and the invitations.
 */

/** Progress of one worksheet of a topic, as graded after the learner's last save. */
export const memberProgressSchema = z.object({
  topicId: z.string(),
  worksheetIndex: z.number().int(),
  completedPages: z.number().int(),
  pages: z.number().int(),
  score: z.number(),
  total: z.number(),
});

export const groupMemberSchema = z.object({
  account: z.object({
    _id: z.string(),
    username: z.string(),
    email: z.string(),
    name: z.object({ first: z.string(), last: z.string(), full: z.string() }),
  }),
  joinedAt: z.string(),
  /** The learner's last save, or null when they never saved. */
  lastActiveAt: z.string().nullable(),
  progress: z.array(memberProgressSchema),
});

export const GROUP_INVITE_STATUSES = ['pending', 'used', 'revoked'] as const;

/**
 * An invitation of the group: `pending` (not used yet; `email` null while it is addressed to
 * no one), `used` (by `email`), or `revoked` (by an administrator, or freed when its member was
 * removed).
 */
export const groupInviteSchema = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  status: z.enum(GROUP_INVITE_STATUSES),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  link: z.string(),
});

/** A topic of the group, with what a worksheet of it has: its pages and scored total. */
export const groupTopicSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pages: z.number().int(),
  total: z.number(),
});

export const MEMBER_SORTS = ['name', 'completion', 'score'] as const;

export const membersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(MEMBER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Members whose name, username or email holds this text (case ignored). */
  q: z.string().trim().max(200).default(''),
  locale: z.string().max(35).optional(),
});

export const groupMembersAnswerSchema = z.object({
  group: z.object({ _id: z.string(), name: z.string() }),
  topics: z.array(groupTopicSchema),
  members: z.array(groupMemberSchema),
  /** Members matching the filter, over every page. */
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  seats: z.object({ bought: z.number().int(), used: z.number().int() }),
  /**
   * The invitations not used by a current member (pending and revoked): a used one is its
   * member's row. `inviteCounts` counts all three.
   */
  invites: z.array(groupInviteSchema),
  inviteCounts: z.object({
    pending: z.number().int(),
    used: z.number().int(),
    revoked: z.number().int(),
  }),
  /** Whether the organisation lets administrators see members' answers (constraints.adminsSeeAnswers). */
  answersVisible: z.boolean(),
});

/** The groups the signed-in learner administers. */
export const adminGroupsAnswerSchema = z.object({
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
});

/** Invite several people at once: emails pasted (separated by commas, spaces or new lines). */
export const bulkInviteBodySchema = z.object({
  emails: z.string({ error: 'is required' }).max(50_000),
  locale: z.string().max(35).optional(),
});

export const BULK_INVITE_SKIPS = ['invalid', 'duplicate', 'member', 'invited', 'noSeat'] as const;

export const bulkInviteAnswerSchema = z.object({
  invited: z.array(groupInviteSchema),
  /** What was not sent, and why: not an email, twice in the list, already a member, already invited, no seat left. */
  skipped: z.array(z.object({ email: z.string(), reason: z.enum(BULK_INVITE_SKIPS) })),
});

export const groupInviteAnswerSchema = z.object({ invite: groupInviteSchema });

/** A member's report card for one worksheet of a topic, read-only; `answers` only when allowed. */
export const memberReportAnswerSchema = z.object({
  scores: scoresSchema,
  completedPages: z.array(z.string()),
  pages: z.array(z.object({ _id: z.string(), name: z.string() })),
  fields: z.record(z.string(), z.string()),
  answers: z.record(z.string(), z.unknown()).nullable(),
});

export type MemberProgress = z.infer<typeof memberProgressSchema>;
export type GroupMember = z.infer<typeof groupMemberSchema>;
export type GroupInvite = z.infer<typeof groupInviteSchema>;
export type GroupTopic = z.infer<typeof groupTopicSchema>;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export type MembersQuery = z.infer<typeof membersQuerySchema>;
export type GroupMembersAnswer = z.infer<typeof groupMembersAnswerSchema>;
export type AdminGroupsAnswer = z.infer<typeof adminGroupsAnswerSchema>;
export type BulkInviteBody = z.infer<typeof bulkInviteBodySchema>;
export type BulkInviteAnswer = z.infer<typeof bulkInviteAnswerSchema>;
export type BulkInviteSkip = (typeof BULK_INVITE_SKIPS)[number];
export type MemberReportAnswer = z.infer<typeof memberReportAnswerSchema>;
