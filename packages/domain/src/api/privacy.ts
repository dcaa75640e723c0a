import { z } from 'zod';

/**
 * A person's data (docs/design.md §18): everything the portal holds about them, as one JSON
 * document (`GET /{org}/account/export`, or an administrator's `GET /{org}/admin/people/{id}/export`),
 * and its erasure (`DELETE /{org}/account`, `DELETE /{org}/admin/people/{id}`).
 */

/** The document's format, named in it so that a reader knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = 'portal-account-export/1';

/**
 * A sign-in this recent stands for the password when erasing (the only proof an account that
 * signs in through its organisation's single sign-on can give).
 */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

const at = z.string().describe('ISO 8601, UTC');

export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: at,
  organisation: z.object({ id: z.string(), alias: z.string(), name: z.string() }),
  account: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    name: z.object({ first: z.string(), last: z.string() }),
    phone: z.string(),
    company: z.string(),
    employeeId: z.string(),
    profilePicture: z.string().nullable(),
    roles: z.array(z.string()),
    status: z.string(),
    signsInWith: z.enum(['password', 'singleSignOn']),
    createdAt: at,
    updatedAt: at,
  }),
  groups: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  /** The workbook as saved (answers by topic and worksheet), or null when nothing was saved. */
  workbook: z.object({ data: z.unknown(), version: z.number(), updatedAt: at }).nullable(),
  progress: z.array(
    z.object({
      topicId: z.string(),
      worksheet: z.number(),
      completedPages: z.number(),
      pages: z.number(),
      score: z.number(),
      total: z.number(),
      updatedAt: at,
    }),
  ),
  /** The messages they wrote (not those others wrote to them). */
  messages: z.array(
    z.object({
      id: z.string(),
      groupId: z.string(),
      body: z.string(),
      isPrivate: z.boolean(),
      createdAt: at,
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      bundleId: z.string(),
      bundleName: z.string(),
      quantity: z.number(),
      unitCents: z.number(),
      percentOff: z.number(),
      totalCents: z.number(),
      currency: z.string(),
      status: z.string(),
      createdAt: at,
      fulfilledAt: at.nullable(),
    }),
  ),
  certificates: z.array(
    z.object({
      id: z.string(),
      topicId: z.string(),
      topicName: z.string(),
      learnerName: z.string(),
      issuedAt: at,
      revokedAt: at.nullable(),
    }),
  ),
  /** Their files, as links (the files themselves are not copied into the document). */
  uploads: z.array(
    z.object({
      url: z.string(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number(),
      createdAt: at,
    }),
  ),
  notificationPreferences: z.unknown().nullable(),
  singleSignOn: z.array(z.object({ issuer: z.string(), subject: z.string(), createdAt: at })),
  /** Sign-ins (never their tokens). */
  sessions: z.array(z.object({ createdAt: at, expiresAt: at, revokedAt: at.nullable() })),
  invitations: z.array(z.object({ groupId: z.string(), usedAt: at.nullable() })),
  pendingEmailChanges: z.array(z.object({ newEmail: z.string(), createdAt: at })),
  analyticsEvents: z.array(
    z.object({ name: z.string(), category: z.string(), payload: z.unknown(), createdAt: at }),
  ),
});

export type AccountExport = z.output<typeof accountExportSchema>;

/**
 * What erasing asks for: the password, or nothing right after a sign-in (FRESH_SIGN_IN_MS). An
 * administrator erasing a person gives their own.
 */
export const eraseAccountBodySchema = z
  .object({ password: z.string().min(1).max(1024).optional() })
  .strict();

export type EraseAccountBody = z.input<typeof eraseAccountBodySchema>;
