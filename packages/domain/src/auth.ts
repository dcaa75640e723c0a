import { z } from 'zod';
import { usernameSchema } from './content-pack';

/** Password rules, the same in the signup and reset forms and on the server. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const password = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

const required = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional();
const email = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254)
  .pipe(z.email('must be an email address'));

/** POST /{org}/login: `username` is the username or the email (docs/product-spec.md §5). */
export const loginBodySchema = z.object({
  username: required(254),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  /** A seat invitation (the sign-in link of an invited email that has an account): joins its group. */
  inviteId: z.string().max(100).optional(),
});

/** POST /{org}/signup/{suffix} (docs/product-spec.md §5: username, email and password required). */
export const signupBodySchema = z.object({
  username: z.string({ error: 'is required' }).trim().pipe(usernameSchema),
  email,
  password,
  first: optionalText(100),
  last: optionalText(100),
  inviteId: z.string().max(100).optional(),
});

export const forgotBodySchema = z.object({ email });

export const resetBodySchema = z
  .object({
    password,
    confirm: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.confirm, {
    message: 'does not match the password',
    path: ['confirm'],
  });

export const resetParamsSchema = z.object({
  org: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
  token: z.string().min(1).max(200),
});

/** Phone numbers: digits with the usual separators (spaces, ( ) - .), an optional leading +. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;

/** Whether `text` reads as a phone number (7 to 15 digits, E.164's most); empty clears the field. */
export function isPhoneNumber(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return false;
  const digits = trimmed.replace(/[^0-9]/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** PUT /{org}/account/settings: only what is sent changes; names are trimmed (docs/product-spec.md §5). */
export const accountUpdateSchema = z.object({
  // A first name, when sent, is not empty (issue 24): a learner is greeted by it.
  name: z.object({ first: required(100).optional(), last: optionalText(100) }).optional(),
  phone: optionalText(50).refine((v) => v === undefined || isPhoneNumber(v), {
    message: 'must be a phone number',
  }),
  company: optionalText(200),
  employeeId: optionalText(100),
});

/** PUT /{org}/account/settings/password: the current password, then the new one twice. */
export const passwordChangeBodySchema = z
  .object({
    current: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
    password,
    confirm: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX),
  })
  .refine((b) => b.password === b.confirm, {
    message: 'does not match the password',
    path: ['confirm'],
  });

/** POST /{org}/account/settings/email: the new address, confirmed by a link mailed to it. */
export const emailChangeBodySchema = z.object({ email });

/** POST /{org}/account/email/confirm: the token of the link mailed to the new address. */
export const emailConfirmBodySchema = z.object({
  token: z.string({ error: 'is required' }).min(1, 'is required').max(200),
});

/** The answer of the upload endpoint (docs/design.md §4) and the body of the profile-picture call. */
export const uploadedFileSchema = z.object({
  secure_url: z.string().min(1).max(2_000),
  original_filename: z.string().max(255),
  public_id: z.string().min(1).max(100),
});

export type LoginBody = z.infer<typeof loginBodySchema>;
export type SignupBody = z.infer<typeof signupBodySchema>;
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// Kept apart (no zod), so the web app's first page can use them without the schemas above.
export { avatarInitial, IDLE_TIMEOUT_MS, type AccountView } from './account';
