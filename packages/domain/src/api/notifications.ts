import { z } from 'zod';
import { orgParamsSchema } from '../api-schemas';

/**
 * Mail notices (docs/design.md §17): each kind on or off on the profile, the digest of group
 * messages daily, weekly or never, and a one-click unsubscribe (RFC 8058) by a signed token.
 */

/** The kinds of notice a learner switches on or off. */
export const NOTICE_KINDS = ['privateMessage', 'invitation', 'reminder', 'certificate'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'never'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** What an unsubscribe link stops: a kind of notice, or the digest. */
export const UNSUBSCRIBE_KINDS = [...NOTICE_KINDS, 'digest'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export const notificationPreferencesSchema = z.strictObject({
  privateMessage: z.boolean(),
  invitation: z.boolean(),
  reminder: z.boolean(),
  certificate: z.boolean(),
  digest: z.enum(DIGEST_FREQUENCIES),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** Everyone starts with every notice on and a daily digest. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  privateMessage: true,
  invitation: true,
  reminder: true,
  certificate: true,
  digest: 'daily',
};

export const notificationPreferencesAnswerSchema = z.object({
  preferences: notificationPreferencesSchema,
});
export type NotificationPreferencesAnswer = z.output<typeof notificationPreferencesAnswerSchema>;

/** A change of some of them (at least one). */
export const saveNotificationPreferencesSchema = notificationPreferencesSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'names at least one preference');

/** An unsubscribe token: its signed part and its signature, base64url. */
export const unsubscribeParamsSchema = orgParamsSchema.extend({
  token: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'is not an unsubscribe link of this site'),
});

/**
 * What a link stops, and whether it is stopped: read before the button (no change on GET, for
 * the mail scanners that follow links), then after the one-click POST.
 */
export const unsubscribeAnswerSchema = z.object({
  unsubscribe: z.object({
    kind: z.enum(UNSUBSCRIBE_KINDS),
    /** The address it was sent to, partly hidden (a***@example.com). */
    email: z.string(),
    stopped: z.boolean(),
  }),
});
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswerSchema>;
