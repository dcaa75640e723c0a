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
  /** Single sign-on through this group's provider: never its secret, only whether one is set. */
  sso: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      secretSet: z.boolean(),
      prompt: z.union([z.string(), z.record(z.string(), z.string())]).nullable(),
    })
    .nullable(),
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

/**
 * A group's single sign-on, set or cleared (`sso: null`). The secret is write-only: left out,
 * the one set stays (for the same issuer only); `null` clears it.
 */
export const consoleGroupSsoBodySchema = z.strictObject({
  sso: z
    .strictObject({
      issuer: z.url().max(500),
      clientId: z.string().trim().min(1).max(500),
      clientSecret: z.string().min(1).max(500).nullable().optional(),
      prompt: textSchema.optional(),
    })
    .nullable(),
});

/** What "test the connection" finds wrong, by code (the web says each in words). */
export const SSO_TEST_PROBLEMS = [
  'privateAddress',
  'insecure',
  'unreachable',
  'timeout',
  'httpError',
  'redirected',
  'tooLarge',
  'notJson',
  'issuerMismatch',
  'missingEndpoints',
  'jwksUnreachable',
] as const;
export type SsoTestProblem = (typeof SSO_TEST_PROBLEMS)[number];

/** Test the group's issuer, or the one given (before it is saved). */
export const consoleSsoTestBodySchema = z.strictObject({ issuer: z.url().max(500).optional() });
export const consoleSsoTestAnswerSchema = z.object({
  ok: z.boolean(),
  issuer: z.string(),
  problem: z.enum(SSO_TEST_PROBLEMS).nullable(),
  /** What was found, in technical words (a status, a host, a field), for the administrator. */
  detail: z.string(),
  endpoints: z
    .object({ authorization: z.string(), token: z.string(), jwks: z.string() })
    .partial()
    .nullable(),
});
export type ConsoleSsoTestAnswer = z.output<typeof consoleSsoTestAnswerSchema>;
