import type { OrganisationView, UploadedFile } from '@portal/domain';
import { requestJson } from './client';

/**
 * The organisation's upload service (its URL, preset and tag come with the organisation):
 * multipart `file`, `tags` and `upload_preset`, answering the stored file. Used by file fields
 * and the profile picture.
 */
export async function uploadFile(
  upload: OrganisationView['upload'],
  file: File,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('upload_preset', upload.preset);
  form.append('tags', upload.tag);
  form.append('file', file, file.name);
  const answer = await requestJson<UploadedFile>('POST', upload.url, { body: form });
  // Only what the app keeps: the service may answer more.
  return {
    secure_url: answer.secure_url,
    original_filename: answer.original_filename,
    public_id: answer.public_id,
  };
}
