import type { AnalyticsEvent, OrganisationView } from '@portal/domain';
import { requestJson } from '../../../lib/api-client';
import type { FileValue } from '../components/file-field';

/**
 * The organisation's upload service (design §4): multipart `file`, `tags` and `upload_preset`,
 * answering the stored file.
 */
export async function uploadFieldFile(
  upload: OrganisationView['upload'],
  file: File,
): Promise<FileValue> {
  const form = new FormData();
  form.append('upload_preset', upload.preset);
  form.append('tags', upload.tag);
  form.append('file', file, file.name);
  const answer = await requestJson<FileValue>('POST', upload.url, { body: form });
  return {
    secure_url: answer.secure_url,
    original_filename: answer.original_filename,
    public_id: answer.public_id,
  };
}

/** POST /{org}/analytics/events (spec §1). */
export async function sendAnalyticsEvent(alias: string, event: AnalyticsEvent): Promise<void> {
  await requestJson('POST', `/api/org/${encodeURIComponent(alias)}/analytics/events`, {
    body: event,
  });
}
