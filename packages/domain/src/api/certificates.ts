import { z } from 'zod';
import { orgParamsSchema } from '../api-schemas';

/**
 * Certificates (docs/design.md §16): issued once per learner and topic on completion, verified
 * by anyone with the link (no email, no answers), revoked by an organisation administrator.
 */

/** A certificate's id: 26 characters of Crockford base32 (128 random bits), unique server-wide. */
export const certificateIdSchema = z
  .string()
  .regex(/^[0-9a-hjkmnp-tv-z]{26}$/, 'is not a certificate id');

export const certificateParamsSchema = z.object({ certificateId: certificateIdSchema });
export const orgCertificateParamsSchema = orgParamsSchema.extend({
  certificateId: certificateIdSchema,
});

/** What a stranger with the link reads. */
export const verifyAnswerSchema = z.object({
  certificate: z.object({
    _id: z.string(),
    learnerName: z.string(),
    topicName: z.string(),
    organisationName: z.string(),
    issuedAt: z.string(),
    valid: z.boolean(),
    /** When revoked: when, and why (the administrator's words). */
    revokedAt: z.string().nullable(),
    revokedReason: z.string().nullable(),
    /** The PDF, while the certificate is valid. */
    pdfUrl: z.string().nullable(),
    /** The Open Badges 3.0 credential (a VC-JWT), while the certificate is valid. */
    badgeUrl: z.string().nullable(),
  }),
});
export type VerifyAnswer = z.output<typeof verifyAnswerSchema>;

/** The learner's own certificates (the profile). */
export const myCertificatesAnswerSchema = z.object({
  certificates: z.array(
    z.object({
      _id: z.string(),
      topicId: z.string(),
      topicName: z.string(),
      issuedAt: z.string(),
      valid: z.boolean(),
      revokedReason: z.string().nullable(),
      pdfUrl: z.string().nullable(),
      badgeUrl: z.string().nullable(),
      verifyUrl: z.string(),
    }),
  ),
});
export type MyCertificatesAnswer = z.output<typeof myCertificatesAnswerSchema>;

/** The console's list of certificates issued, newest first, a page at a time. */
export const adminCertificatesQuerySchema = z.object({
  /** Part of the learner's name, username or email. */
  learner: z.string().trim().min(1).max(100).optional(),
  topic: z.string().trim().min(1).max(100).optional(),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminCertificatesQuery = z.input<typeof adminCertificatesQuerySchema>;

export const adminCertificateViewSchema = z.object({
  _id: z.string(),
  learner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  topicId: z.string(),
  topicName: z.string(),
  issuedAt: z.string(),
  valid: z.boolean(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  verifyUrl: z.string(),
});
export type AdminCertificateView = z.output<typeof adminCertificateViewSchema>;
export const adminCertificatesAnswerSchema = z.object({
  certificates: z.array(adminCertificateViewSchema),
  next: z.string().nullable(),
});
export const revokeCertificateBodySchema = z.strictObject({
  reason: z.string().trim().min(3).max(500),
});
export const adminCertificateAnswerSchema = z.object({ certificate: adminCertificateViewSchema });

/**
 * The public keys that sign an organisation's Open Badges (a JWKS, RFC 7517): each key's `kid`
 * is the URL the credentials' JWS header names. Never a private part (`d`).
 */
export const openBadgeKeysAnswerSchema = z.object({
  keys: z.array(
    z.strictObject({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.literal('sig'),
    }),
  ),
});

/** The issuer of an organisation's Open Badges: an OB 3.0 Profile, at the URL of its `id`. */
export const openBadgeIssuerAnswerSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.literal('Profile'),
  name: z.string(),
  url: z.string(),
});
