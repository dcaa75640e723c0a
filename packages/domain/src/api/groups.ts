import { z } from 'zod';
import { invitationCountsSchema, invitationSchema, seatCountsSchema } from '../invitations';
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

/** A buyer's cohort under a group, as its parent group's administrators see it. */
export const cohortSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The buyer who owns it (null for a cohort a content pack declared). */
  owner: z.object({ _id: z.string(), name: z.string() }).nullable(),
  members: z.number().int(),
  seats: seatCountsSchema,
});

export const groupMembersAnswerSchema = z.object({
  group: z.object({
    _id: z.string(),
    name: z.string(),
    /** The group a cohort belongs to (its topics are the cohort's), or null. */
    parent: z.object({ _id: z.string(), name: z.string() }).nullable(),
  }),
  topics: z.array(groupTopicSchema),
  members: z.array(groupMemberSchema),
  /** Members matching the filter, over every page. */
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  seats: seatCountsSchema,
  /**
   * The invitations not used by a current member (open, pending and revoked): a used one is its
   * member's row. `inviteCounts` counts all four states.
   */
  invites: z.array(invitationSchema),
  inviteCounts: invitationCountsSchema,
  /** The cohorts under this group (for its own administrators; empty for a cohort). */
  cohorts: z.array(cohortSummarySchema),
  /** Whether the organisation lets administrators see members' answers (constraints.adminsSeeAnswers). */
  answersVisible: z.boolean(),
});

/** The groups the signed-in learner administers (cohorts under their groups included). */
export const adminGroupsAnswerSchema = z.object({
  groups: z.array(z.object({ _id: z.string(), name: z.string(), parentId: z.string().nullable() })),
});

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
export type GroupTopic = z.infer<typeof groupTopicSchema>;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export type MembersQuery = z.infer<typeof membersQuerySchema>;
export type GroupMembersAnswer = z.infer<typeof groupMembersAnswerSchema>;
export type AdminGroupsAnswer = z.infer<typeof adminGroupsAnswerSchema>;
export type CohortSummary = z.infer<typeof cohortSummarySchema>;
export type MemberReportAnswer = z.infer<typeof memberReportAnswerSchema>;
