import { avatarInitial, type AccountView } from '@portal/domain';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { removeProfilePicture, setProfilePicture } from '../../../lib/api/account';
import { uploadFile } from '../../../lib/api/uploads';
import { useOrganisation } from '../../../lib/organisation';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useErrorText } from '../../../lib/use-error-text';
import { checkImageFiles, IMAGE_TYPES, type UploadProblem } from '../logic/upload-checks';

type Status =
  | { kind: 'idle'; done?: 'saved' | 'removed' }
  | { kind: 'uploading' }
  | { kind: 'saving' }
  | { kind: 'removing' }
  | { kind: 'error'; message: string };

interface ProfileImageUploaderProps {
  account: AccountView;
  onChange: (account: AccountView) => void;
}

/**
 * The profile picture: pick or drop one image (PNG, JPEG, GIF or WebP, 100 bytes
 * to 5 MB, checked before sending); idle, uploading, saving, or an error under it. Remove
 * takes it away. The header's avatar follows through `onChange`.
 */
export function ProfileImageUploader({ account, onChange }: ProfileImageUploaderProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { org } = useOrganisation();
  const toMessage = useErrorMessage();
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [isDragging, setDragging] = useState(false);
  const isBusy =
    status.kind === 'uploading' || status.kind === 'saving' || status.kind === 'removing';
  const picture = account.profilePicture?.secure_url;

  function problemMessage(problem: UploadProblem): string {
    switch (problem.id) {
      case 'upload.fileType':
        return intl.formatMessage(
          { id: 'upload.fileType' },
          { types: intl.formatMessage({ id: 'upload.imageTypes' }) },
        );
      case 'profile.pictureTooLarge':
        return intl.formatMessage(
          { id: 'profile.pictureTooLarge' },
          { size: intl.formatNumber(problem.megabytes) },
        );
      case 'upload.tooSmall':
        // The message gives the byte count as plain digits, without separators.
        return intl.formatMessage({ id: problem.id }, { size: String(problem.size) });
      case 'tooManyFiles':
        return errorText('tooManyFiles');
    }
  }

  async function handleFiles(files: File[]) {
    if (isBusy) return;
    const check = checkImageFiles(files);
    if (!check) return;
    if (!check.ok) {
      setStatus({ kind: 'error', message: problemMessage(check.problem) });
      return;
    }
    try {
      setStatus({ kind: 'uploading' });
      const uploaded = await uploadFile(org.upload, check.file);
      setStatus({ kind: 'saving' });
      const saved = await setProfilePicture(org.alias, uploaded);
      onChange({ ...account, profilePicture: { secure_url: saved.secure_url } });
      setStatus({ kind: 'idle', done: 'saved' });
    } catch (error) {
      setStatus({ kind: 'error', message: toMessage(error) });
    }
  }

  async function handleRemove() {
    if (isBusy) return;
    setStatus({ kind: 'removing' });
    try {
      await removeProfilePicture(org.alias);
      const { profilePicture: _removed, ...rest } = account;
      onChange(rest);
      setStatus({ kind: 'idle', done: 'removed' });
    } catch (error) {
      setStatus({ kind: 'error', message: toMessage(error) });
    }
  }

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again after an error.
    event.target.value = '';
    void handleFiles(files);
  }

  function handleDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = isBusy ? 'none' : 'copy';
    setDragging(true);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void handleFiles(Array.from(event.dataTransfer.files));
  }

  const busyMessage =
    status.kind === 'uploading'
      ? 'profile.uploading'
      : status.kind === 'saving'
        ? 'profile.savingPicture'
        : status.kind === 'removing'
          ? 'profile.removing'
          : null;
  const doneMessage =
    status.kind === 'idle' && status.done
      ? status.done === 'saved'
        ? 'profile.pictureSaved'
        : 'profile.pictureRemoved'
      : null;

  return (
    <div
      className="uploader"
      data-status={status.kind}
      data-dragging={isDragging || undefined}
      onDragEnter={handleDragOver}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <div className="uploader__preview" aria-hidden={picture ? undefined : true}>
        {picture ? (
          <img
            className="uploader__image"
            src={picture}
            alt={intl.formatMessage({ id: 'profile.pictureAlt' })}
            width={200}
            height={200}
          />
        ) : (
          <span className="uploader__initial">{avatarInitial(account)}</span>
        )}
      </div>
      <div className="uploader__controls">
        <input
          id={id}
          className="visually-hidden uploader__input"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={isBusy}
          aria-describedby={`${id}-hint`}
          onChange={handleInput}
        />
        <p className="uploader__choose-row">
          <label htmlFor={id} className="button button--primary uploader__choose">
            <FormattedMessage id="profile.choose" />
          </label>{' '}
          <span className="uploader__drop-hint">
            <FormattedMessage id="profile.dropHere" />
          </span>
        </p>
        <p id={`${id}-hint`} className="field__hint">
          <FormattedMessage id="profile.pictureHint" />
        </p>
        {picture && (
          <p>
            <button
              type="button"
              className="button button--danger"
              aria-disabled={isBusy || undefined}
              onClick={() => void handleRemove()}
            >
              <FormattedMessage id="profile.remove" />
            </button>
          </p>
        )}
        <p className="uploader__status" role="status">
          {busyMessage && (
            <>
              <span className="inline-spinner" aria-hidden="true" />{' '}
              <FormattedMessage id={busyMessage} />
            </>
          )}
          {doneMessage && <FormattedMessage id={doneMessage} />}
        </p>
        {status.kind === 'error' && (
          <p className="field__error" role="alert">
            {status.message}
          </p>
        )}
      </div>
    </div>
  );
}
