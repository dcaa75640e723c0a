import { z } from 'zod';
import { orgParamsSchema } from '../api-schemas';
import { idSchema, textSchema } from '../content-pack';

/**
 * The console's user groups (docs/design.md §9, §15): the organisation's own groups (a pack's or
 * the console's), the topics each grants and the administrators it names, with the cohorts that
 * purchases made under each (read only: a buyer's cohort is theirs).
 */

export const consoleGroupPersonSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
});

export const consoleCohortSchema = z.object({
  _id: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  members: z.int(),
  seats: z.int(),
});

export const consoleGroupSchema = z.object({
  _id: z.string(),
  /** Every locale. */
  name: z.union([z.string(), z.record(z.string(), z.string())]),
  topics: z.array(z.string()),
  admins: z.array(consoleGroupPersonSchema),
  members: z.int(),
  cohorts: z.array(consoleCohortSchema),
  /** Single sign-on through this group's provider (its secret is never sent). */
  hasSso: z.boolean(),
});
export type ConsoleGroup = z.output<typeof consoleGroupSchema>;

export const consoleGroupsAnswerSchema = z.object({
  groups: z.array(consoleGroupSchema),
  /** The topics a group may grant, by id with their name in the reader's locale. */
  topics: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ConsoleGroupsAnswer = z.output<typeof consoleGroupsAnswerSchema>;

export const consoleGroupParamsSchema = orgParamsSchema.extend({ groupId: idSchema });
export const consoleGroupAdminParamsSchema = consoleGroupParamsSchema.extend({
  accountId: z.string().min(1).max(64),
});

export const consoleCreateGroupBodySchema = z.object({
  _id: idSchema,
  name: textSchema,
});

export const consoleSaveGroupBodySchema = z.object({
  name: textSchema,
  topics: z.array(idSchema).max(10_000),
});

export const consoleGroupAdminBodySchema = z.object({
  email: z.email().max(254),
});

export const consoleGroupAnswerSchema = z.object({ group: consoleGroupSchema });
