import type { UploadedFile } from '@portal/domain';
import { useState, type ChangeEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { uploadFile } from '../../../lib/api/uploads';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';

interface UploadInputProps {
  id: string;
  label: string;
  /** The file types offered by the picker (`image/*`, `video/*`); any file when absent. */
  accept?: string;
  onUploaded: (file: UploadedFile) => void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

/**
 * A file from the author's computer, sent to the organisation's upload service (the one file
 * fields and profile pictures use), whose stored address is handed back: what it is doing and
 * what went wrong are said in words beside the button.
 */
export function UploadInput({ id, label, accept, onUploaded }: UploadInputProps) {
  const { org } = useOrganisation();
  const toMessage = useErrorMessage();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after an error.
    event.target.value = '';
    if (!file) return;
    setStatus({ kind: 'uploading', name: file.name });
    try {
      const stored = await uploadFile(org.upload, file);
      setStatus({ kind: 'done', name: stored.original_filename || file.name });
      onUploaded(stored);
    } catch (error) {
      setStatus({ kind: 'error', message: toMessage(error) });
    }
  }

  return (
    <div className="studio-upload">
      <label className="studio-upload__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className="studio-upload__input"
        accept={accept}
        disabled={status.kind === 'uploading'}
        aria-describedby={`${id}-status`}
        aria-invalid={status.kind === 'error' ? true : undefined}
        onChange={(event) => void upload(event)}
      />
      <p
        id={`${id}-status`}
        role="status"
        className={status.kind === 'error' ? 'studio-inspector__error' : 'studio-upload__status'}
      >
        {status.kind === 'uploading' && (
          <FormattedMessage id="studio.upload.uploading" values={{ name: status.name }} />
        )}
        {status.kind === 'done' && (
          <FormattedMessage id="studio.upload.done" values={{ name: status.name }} />
        )}
        {status.kind === 'error' && status.message}
      </p>
    </div>
  );
}
