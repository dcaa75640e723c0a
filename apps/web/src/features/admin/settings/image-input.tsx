import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { requestJson } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { TextInput } from './localised-input';

/** The images an organisation's logo or hero may be (what the upload service stores inline). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * An image's address, typed or uploaded: the file goes to the organisation's upload service (as
 * a learner's file does, through `org.upload`) and its address fills the field. A thumbnail shows
 * what the address holds.
 */
export function ImageInput({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string | undefined;
  error?: string | undefined;
  onChange: (url: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const { org } = useOrganisation();
  const toMessage = useErrorMessage();
  const [state, setState] = useState<'idle' | 'uploading' | { error: string }>('idle');

  async function upload(file: File) {
    setState('uploading');
    try {
      const form = new FormData();
      form.append('upload_preset', org.upload.preset);
      form.append('tags', org.upload.tag);
      form.append('file', file, file.name);
      const stored = await requestJson<{ secure_url: string }>('POST', org.upload.url, {
        body: form,
      });
      onChange(stored.secure_url);
      setState('idle');
    } catch (err) {
      setState({ error: toMessage(err) });
    }
  }

  return (
    <div className="admin-image">
      <TextInput label={label} hint={hint} value={value} error={error} onChange={onChange} />
      <div className="admin-image__upload">
        {value && (
          <img className="admin-image__thumb" src={value} alt="" loading="lazy" decoding="async" />
        )}
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={IMAGE_TYPES}
          disabled={state === 'uploading'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <label className="button button--secondary admin-image__pick" htmlFor={`${id}-file`}>
          <FormattedMessage id="admin.settings.uploadImage" />
          <span className="visually-hidden">
            {' '}
            {intl.formatMessage({ id: 'admin.settings.uploadFor' }, { label })}
          </span>
        </label>
        <span aria-live="polite">
          {state === 'uploading' && <FormattedMessage id="admin.settings.uploading" />}
        </span>
      </div>
      {typeof state === 'object' && (
        <p className="field__error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
