import type {
  AcceptInviteAnswer,
  AccountUpdate,
  AccountView,
  PasswordChangeBody,
  UploadedFile,
} from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './client';

export const accountKeys = {
  detail: (alias: string, viewer: string, locale: string) =>
    ['account', alias, viewer, locale] as const,
};

/** GET /{org}/account/settings?locale: the signed-in learner. */
export function accountQuery(alias: string, viewer: string, locale: string) {
  return queryOptions({
    queryKey: accountKeys.detail(alias, viewer, locale),
    queryFn: async ({ signal }) => {
      const { account } = await call('account', {
        params: { org: alias },
        query: { locale },
        signal,
      });
      return account;
    },
  });
}

/** GET /{org}/account/settings?locale, once (after a change made elsewhere: a confirmed email). */
export async function fetchAccount(alias: string, locale: string): Promise<AccountView> {
  const { account } = await call('account', { params: { org: alias }, query: { locale } });
  return account;
}

/** PUT /{org}/account/settings: only what is sent changes; the answer is the whole account. */
export async function updateAccount(
  alias: string,
  locale: string,
  update: AccountUpdate,
): Promise<AccountView> {
  const { account } = await call('updateAccount', {
    params: { org: alias },
    query: { locale },
    body: update,
  });
  return account;
}

/** POST /{org}/account/settings/profilePicture with a file the upload service stored. */
export async function setProfilePicture(alias: string, file: UploadedFile): Promise<UploadedFile> {
  const answer = await call('setProfilePicture', { params: { org: alias }, body: file });
  return answer.file;
}

/** PUT /{org}/account/settings/password: the current password, then the new one twice. */
export async function changePassword(
  alias: string,
  locale: string,
  body: PasswordChangeBody,
): Promise<void> {
  await call('changePassword', { params: { org: alias }, query: { locale }, body });
}

/** POST /{org}/account/settings/email: a confirmation link goes to the new address. */
export async function requestEmailChange(
  alias: string,
  locale: string,
  email: string,
): Promise<void> {
  await call('changeEmail', { params: { org: alias }, query: { locale }, body: { email } });
}

/** POST /{org}/account/email/confirm: the token of the link mailed to the new address. */
export async function confirmEmail(alias: string, locale: string, token: string): Promise<void> {
  await call('confirmEmail', { params: { org: alias }, query: { locale }, body: { token } });
}

/** DELETE /{org}/account/settings/profilePicture. */
export async function removeProfilePicture(alias: string): Promise<void> {
  await call('removeProfilePicture', { params: { org: alias } });
}

/**
 * POST /{org}/invite/{inviteId}/accept: the signed-in learner uses a seat invitation and joins
 * its group; the answer is the account, with the group.
 */
export async function acceptInvite(
  alias: string,
  inviteId: string,
  locale: string,
): Promise<AcceptInviteAnswer> {
  return call('acceptInvite', { params: { org: alias, inviteId }, query: { locale } });
}
