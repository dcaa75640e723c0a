import type { AcceptInviteAnswer, AccountUpdate, AccountView, UploadedFile } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { getJson, orgPath, requestJson, withQuery } from './client';

function settingsPath(alias: string, path = ''): string {
  return orgPath(alias, `/account/settings${path}`);
}

export const accountKeys = {
  detail: (alias: string, viewer: string, locale: string) =>
    ['account', alias, viewer, locale] as const,
};

/** GET /{org}/account/settings?locale: the signed-in learner. */
export function accountQuery(alias: string, viewer: string, locale: string) {
  return queryOptions({
    queryKey: accountKeys.detail(alias, viewer, locale),
    queryFn: async ({ signal }) => {
      const path = withQuery(settingsPath(alias), { locale });
      const { account } = await getJson<{ account: AccountView }>(path, signal);
      return account;
    },
  });
}

/** PUT /{org}/account/settings: only what is sent changes; the answer is the whole account. */
export async function updateAccount(
  alias: string,
  locale: string,
  update: AccountUpdate,
): Promise<AccountView> {
  const { account } = await requestJson<{ account: AccountView }>(
    'PUT',
    withQuery(settingsPath(alias), { locale }),
    { body: update },
  );
  return account;
}

/** POST /{org}/account/settings/profilePicture with a file the upload service stored. */
export async function setProfilePicture(alias: string, file: UploadedFile): Promise<UploadedFile> {
  const answer = await requestJson<{ file: UploadedFile }>(
    'POST',
    settingsPath(alias, '/profilePicture'),
    { body: file },
  );
  return answer.file;
}

/** DELETE /{org}/account/settings/profilePicture. */
export async function removeProfilePicture(alias: string): Promise<void> {
  await requestJson('DELETE', settingsPath(alias, '/profilePicture'));
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
  return requestJson<AcceptInviteAnswer>(
    'POST',
    withQuery(orgPath(alias, `/invite/${encodeURIComponent(inviteId)}/accept`), { locale }),
  );
}
