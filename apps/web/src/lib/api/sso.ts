import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from './client';

/**
 * Single sign-on per user group (docs/product-spec.md §7): the screen's prompt, the provider's
 * login address, and the exchange of the callback's code for a sign-in token.
 */
export const ssoKeys = {
  prompt: (alias: string, groupId: string, locale: string) =>
    ['sso-prompt', alias, groupId, locale] as const,
};

/** GET /{org}/userGroup/{groupId}/oauthuserprompt?locale: the group's prompt, localised. */
export function oAuthPromptQuery(alias: string, groupId: string, locale: string) {
  return queryOptions({
    queryKey: ssoKeys.prompt(alias, groupId, locale),
    queryFn: async ({ signal }) => {
      const { oAuthUserPrompt } = await call('ssoPrompt', {
        params: { org: alias, groupId },
        query: { locale },
        signal,
      });
      return oAuthUserPrompt;
    },
    staleTime: Infinity,
  });
}

/**
 * GET /{org}/login/oauth?groupid[&inviteId]: the provider's login address. The server keeps
 * the flow (state, nonce, PKCE verifier) and names it in an HttpOnly cookie.
 */
export async function startOAuth(
  alias: string,
  groupId: string,
  inviteId: string | null,
): Promise<string> {
  const { authorizationUrl } = await call('ssoStart', {
    params: { org: alias },
    query: { groupid: groupId, inviteId: inviteId ?? undefined },
  });
  return authorizationUrl;
}

/**
 * POST /{org}/oauth/complete {groupId, code, oAuthInviteId (empty string if none)}; `state`
 * (and the provider's `iss`) from the callback's address go along too. Answers the token.
 * `link`: the identity is linked to the signed-in account (its bearer token goes along).
 */
export async function completeOAuth(
  alias: string,
  body: {
    groupId: string;
    code: string;
    oAuthInviteId: string;
    state?: string;
    iss?: string;
    link?: boolean;
  },
): Promise<string> {
  const { token } = await call('ssoComplete', { params: { org: alias }, body });
  return token;
}

/**
 * The group of a refused single sign-on whose email belongs to a password account: the owner
 * signs in with the password, then links (the 409's `errfor.link`).
 */
export function linkGroupIdOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const link = (error.body as { errfor?: Record<string, unknown> } | null)?.errfor?.link;
  return typeof link === 'string' && link ? link : null;
}
