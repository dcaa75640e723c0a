import type { JoinedGroup, SignupBody } from '@portal/domain';
import { orgPath, requestJson, withQuery } from './client';

/**
 * POST /{org}/login: `username` is the username or the email; the answer is a new token. An
 * `inviteId` (a seat invitation's sign-in link) joins its group (`joined`, named in `locale`),
 * or refuses the login.
 */
export async function login(
  alias: string,
  body: { username: string; password: string; inviteId?: string },
  locale?: string,
): Promise<{ token: string; joined?: JoinedGroup }> {
  return requestJson<{ token: string; joined?: JoinedGroup }>(
    'POST',
    withQuery(orgPath(alias, '/login'), { locale }),
    { body },
  );
}

/**
 * POST /{org}/signup (an `inviteId` in the body joins the invited group, `joined`, named in
 * `locale`); a new token.
 */
export async function signup(
  alias: string,
  body: SignupBody,
  locale?: string,
): Promise<{ token: string; joined?: JoinedGroup }> {
  return requestJson<{ token: string; joined?: JoinedGroup }>(
    'POST',
    withQuery(orgPath(alias, '/signup'), { locale }),
    { body },
  );
}

/** POST /{org}/logout: revokes the token on the server. */
export async function logout(alias: string): Promise<void> {
  await requestJson('POST', orgPath(alias, '/logout'));
}

/** POST /{org}/login/forgot: answers the same whether or not the email has an account. */
export async function requestPasswordReset(
  alias: string,
  email: string,
  locale: string,
): Promise<void> {
  await requestJson('POST', withQuery(orgPath(alias, '/login/forgot'), { locale }), {
    body: { email },
  });
}

/** PUT /{org}/login/reset/{email}/{token}: the link of the reset mail, once. */
export async function resetPassword(
  alias: string,
  email: string,
  token: string,
  body: { password: string; confirm: string },
): Promise<void> {
  const path = orgPath(
    alias,
    `/login/reset/${encodeURIComponent(email)}/${encodeURIComponent(token)}`,
  );
  await requestJson('PUT', path, { body });
}

/**
 * An account that signs in through its organisation's single sign-on has no password: its
 * password login answers 400 with the group to sign in through (`oAuthGroupId`).
 */
export function oAuthGroupIdOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { body?: unknown }).body;
  if (typeof body !== 'object' || body === null) return null;
  const id = (body as { oAuthGroupId?: unknown }).oAuthGroupId;
  return typeof id === 'string' && id ? id : null;
}
