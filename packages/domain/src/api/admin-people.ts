import { z } from 'zod';
import { idSchema } from '../content-pack';

/**
 * The console's People screen (docs/design.md §15): the organisation's accounts, searched and
 * filtered, invited one by one or from a CSV file, their roles, groups and status changed.
 */

/** The roles the console gives: learner is everyone's; author and admin are added to it. */
export const PERSON_ROLES = ['learner', 'author', 'admin'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
/** An account's status: invited (no password chosen yet), active, or deactivated. */
export const PERSON_STATUSES = ['active', 'deactivated', 'invited'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
/** The most rows a CSV import may hold. */
export const PEOPLE_IMPORT_MAX_ROWS = 50_000;
/** The largest CSV accepted (50,000 rows of a few groups each). */
export const PEOPLE_IMPORT_MAX_BYTES = 12 * 1024 * 1024;

export const peopleQuerySchema = z.object({
  /** Words matched against the email, username and names (each word a prefix of one of them). */
  q: z.string().trim().max(200).optional(),
  role: z.enum(PERSON_ROLES).optional(),
  group: idSchema.optional(),
  status: z.enum(PERSON_STATUSES).optional(),
  cursor: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type PeopleQuery = z.output<typeof peopleQuerySchema>;

export const personSummarySchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  first: z.string(),
  last: z.string(),
  roles: z.array(z.enum(PERSON_ROLES)),
  status: z.enum(PERSON_STATUSES),
});
export type PersonSummary = z.output<typeof personSummarySchema>;

export const peopleAnswerSchema = z.object({
  people: z.array(personSummarySchema),
  /** The next page's cursor; null on the last. */
  next: z.string().nullable(),
});

export const personGroupSchema = z.object({
  _id: z.string(),
  /** The group's name in each locale (or one text for all). */
  name: z.union([z.string(), z.partialRecord(z.string(), z.string())]),
  role: z.enum(['member', 'admin']),
});

export const personAnswerSchema = z.object({
  person: personSummarySchema.extend({
    createdAt: z.string(),
    groups: z.array(personGroupSchema),
    sso: z.boolean(),
  }),
});
export type PersonDetail = z.output<typeof personAnswerSchema>['person'];

export const personParamsSchema = z.object({
  org: z.string(),
  accountId: z.string().min(1).max(64),
});

const nameSchema = z.string().trim().max(100);
export const inviteBodySchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email('must be an email address')),
  first: nameSchema.default(''),
  last: nameSchema.default(''),
  roles: z.array(z.enum(PERSON_ROLES)).max(3).default([]),
  groups: z.array(idSchema).max(50).default([]),
});
export type InviteBody = z.output<typeof inviteBodySchema>;

export const rolesBodySchema = z.strictObject({
  roles: z.array(z.enum(PERSON_ROLES)).max(3),
});

export const groupChangeBodySchema = z.strictObject({
  group: idSchema,
  /** member or admin of the group; null takes the person out of it. */
  role: z.enum(['member', 'admin']).nullable(),
});

export const importBodySchema = z.strictObject({
  csv: z.string().min(1).max(PEOPLE_IMPORT_MAX_BYTES),
});

/** Why a row of a CSV import is refused. */
export const IMPORT_PROBLEMS = [
  'badEmail',
  'duplicateInFile',
  'unknownGroup',
  'unknownRole',
  'tooManyRows',
  'missingColumns',
  'badCsv',
  'nameTooLong',
] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

export const importRowProblemSchema = z.object({
  /** The line of the file, 1 being the header. */
  line: z.number().int(),
  reason: z.enum(IMPORT_PROBLEMS),
  /** What was wrong (the email, the group, the role), when there is one. */
  value: z.string().optional(),
});

export const importDryRunAnswerSchema = z.object({
  rows: z.number().int(),
  /** Rows that would make an account / change one. */
  creates: z.number().int(),
  updates: z.number().int(),
  problems: z.array(importRowProblemSchema),
});

export const importJobSchema = z.object({
  _id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportJobView = z.output<typeof importJobSchema>;
export const importJobAnswerSchema = z.object({ import: importJobSchema });
export const importParamsSchema = z.object({
  org: z.string(),
  importId: z.string().min(1).max(64),
});
