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

/** PUT /{org}/account/settings: only what is sent changes; names are trimmed (docs/product-spec.md §5). */
export const accountUpdateSchema = z.object({
  name: z.object({ first: optionalText(100), last: optionalText(100) }).optional(),
  phone: optionalText(50),
  company: optionalText(200),
  employeeId: optionalText(100),
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
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

// Kept apart (no zod), so the web app's first page can use them without the schemas above.
export { avatarInitial, IDLE_TIMEOUT_MS, type AccountView } from './account';
