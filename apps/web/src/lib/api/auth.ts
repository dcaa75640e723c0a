import type { JoinedGroup, SignupBody } from '@portal/domain';
import { call } from './client';

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
  return call('login', { params: { org: alias }, query: { locale }, body });
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
  return call('signup', { params: { org: alias }, query: { locale }, body });
}

/** POST /{org}/logout: revokes the token on the server. */
export async function logout(alias: string): Promise<void> {
  await call('logout', { params: { org: alias } });
}

/** POST /{org}/login/forgot: answers the same whether or not the email has an account. */
export async function requestPasswordReset(
  alias: string,
  email: string,
  locale: string,
): Promise<void> {
  await call('forgotPassword', { params: { org: alias }, query: { locale }, body: { email } });
}

/** PUT /{org}/login/reset/{email}/{token}: the link of the reset mail, once. */
export async function resetPassword(
  alias: string,
  email: string,
  token: string,
  body: { password: string; confirm: string },
): Promise<void> {
  await call('resetPassword', { params: { org: alias, email, token }, body });
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
