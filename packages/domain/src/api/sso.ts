import { z } from 'zod';
import { localeQuerySchema } from '../api-schemas';

/**
 * Single sign-on per user group (OpenID Connect, authorization code with PKCE): the screen's
 * prompt, the provider's login address, and the exchange of the callback's code for a token.
 */

const groupId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(100);

export const oAuthUserPromptAnswerSchema = z.object({ oAuthUserPrompt: z.string() });
export const authorizationUrlAnswerSchema = z.object({ authorizationUrl: z.string() });

export const oAuthPromptParamsSchema = z.object({
  org: z.string().min(1).max(100),
  groupId,
});

export const oAuthLoginQuerySchema = z.object({
  groupid: groupId,
  /** A seat invitation the first sign-in uses (`/sso?oauth=…&inviteId=…`). */
  inviteId: z.string().max(100).optional(),
  locale: localeQuerySchema.optional(),
});

/**
 * The callback's code for the group. `state` is optional: the spec's client sends only
 * `{groupId, code, oAuthInviteId}`, and then the flow named by the HttpOnly cookie set when the
 * sign-in started is used.
 */
export const oAuthCompleteBodySchema = z.object({
  groupId,
  code: z.string({ error: 'is required' }).min(1, 'is required').max(2_000),
  /** Empty string when there is none. */
  oAuthInviteId: z.string().max(100).optional(),
  state: z.string().max(200).optional(),
});

export type OAuthCompleteBody = z.infer<typeof oAuthCompleteBodySchema>;
