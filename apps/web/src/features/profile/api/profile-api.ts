import type { AccountUpdate, AccountView, OrganisationView, UploadedFile } from '@portal/domain';
import { requestJson, withQuery } from '../../../lib/api-client';

function settingsPath(alias: string): string {
  return `/api/org/${encodeURIComponent(alias)}/account/settings`;
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

/**
 * The upload service of the organisation (design §4): multipart `file`, `tags` and
 * `upload_preset`, answering the stored file.
 */
export async function uploadFile(
  upload: OrganisationView['upload'],
  file: File,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('upload_preset', upload.preset);
  form.append('tags', upload.tag);
  form.append('file', file, file.name);
  return requestJson<UploadedFile>('POST', upload.url, { body: form });
}

/** POST /{org}/account/settings/profilePicture with an uploaded file. */
export async function setProfilePicture(alias: string, file: UploadedFile): Promise<UploadedFile> {
  const answer = await requestJson<{ file: UploadedFile }>(
    'POST',
    `${settingsPath(alias)}/profilePicture`,
    { body: file },
  );
  return answer.file;
}

export async function removeProfilePicture(alias: string): Promise<void> {
  await requestJson('DELETE', `${settingsPath(alias)}/profilePicture`);
}
