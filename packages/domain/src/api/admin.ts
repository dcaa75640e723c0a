import { z } from 'zod';

/**
 * The organisation console's API (docs/design.md §15), under `/api/org/{org}/admin`:
 * organisation administrators only.
 */

/**
 * Every action the audit log records: the studio's changes and the CLI's pack import. The
 * console names each in words; the server writes no other.
 */
export const AUDIT_ACTIONS = [
  'topic.create',
  'topic.save',
  'topic.publish',
  'topic.restore',
  'topic.archive',
  'topic.unarchive',
  'catalogue.save',
  'pack.import',
  'settings.save',
  'settings.publish',
  'settings.restore',
  'group.create',
  'group.save',
  'group.admins',
  'group.sso',
  'bundle.create',
  'bundle.save',
  'person.invite',
  'person.roles',
  'person.groups',
  'person.deactivate',
  'person.reactivate',
  'person.export',
  'person.erase',
  'account.erase',
  'people.import',
  'order.refund',
  'certificate.revoke',
  'backup.restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit event's filters may say (each optional; all of them must hold). */
export const auditQuerySchema = z.object({
  /** The account that made the change (`system` for the CLI and the server's own jobs). */
  actor: z.string().trim().min(1).max(64).optional(),
  /** An action (`topic.publish`) or a family of actions (`topic.`, ending with a dot). */
  action: z
    .string()
    .trim()
    .regex(/^[a-z][a-zA-Z]*(\.[a-zA-Z]*)*$/, 'is not an action name such as topic.publish')
    .max(64)
    .optional(),
  /** What was changed (`topic:budgeting-basics`, `catalogue`); exact. */
  target: z.string().trim().min(1).max(255).optional(),
  /** From this time (inclusive), an ISO 8601 date or date and time. */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** Until this time (exclusive). */
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** The page after this one (the answer's `next`). */
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The person who made a change (null: the system, as the CLI or a job). */
export const auditActorSchema = z
  .object({ _id: z.string(), name: z.string(), username: z.string() })
  .nullable();

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  target: z.string(),
  /** What the target was before the change (null: it did not exist or is not recorded). */
  before: z.unknown(),
  /** What the target became. */
  after: z.unknown(),
});
export type AuditEventView = z.output<typeof auditEventSchema>;

export const auditAnswerSchema = z.object({
  /** Newest first. */
  events: z.array(auditEventSchema),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
/** The CSV export: every event the filters keep, newest first (at most this many). */
export const AUDIT_CSV_MAX_ROWS = 100_000;
export const auditCsvQuerySchema = auditQuerySchema.omit({ cursor: true, limit: true });
