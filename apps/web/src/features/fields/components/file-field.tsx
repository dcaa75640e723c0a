import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '../../../components/icon';
import { Spinner } from '../../../components/spinner';
import {
  describedBy,
  FieldBlock,
  FieldError,
  FieldQuestion,
  PrintedAnswer,
  useFieldIds,
  type FieldControlProps,
} from './field-parts';

/** A file field's answer (docs/product-spec.md §3, File value). */
export interface FileValue {
  secure_url: string;
  original_filename: string;
  public_id: string;
}

export function isFileValue(value: unknown): value is FileValue {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<FileValue>;
  return typeof file.secure_url === 'string' && typeof file.original_filename === 'string';
}

export interface FileFieldProps extends FieldControlProps {
  /** docs/product-spec.md §5: upload and removal only when signed in. */
  isSignedIn: boolean;
  /** Sends the file to the upload service. */
  upload: (file: File) => Promise<FileValue>;
  /** After an upload (docs/product-spec.md §1: the UPLOAD_FILE event). */
  onUploaded?: (file: FileValue) => void;
  describeError: (error: unknown) => string;
}

type UploadState =
  | { status: 'idle' | 'done' }
  | { status: 'removed'; fileName: string }
  | { status: 'uploading'; fileName: string }
  | { status: 'error'; errors: string[] };

/**
 * A file (docs/product-spec.md §4 file upload): idle, uploading, done or error; the stored value is the
 * uploaded file, saved at once. Removing it resets the error. A visitor is told to log in.
 *
 * Drawn as a card for the file (its name, a link to it, Remove) above a drop zone (issue 15,
 * point 11). The zone is the native file input itself, see-through and stretched over the
 * zone's drawing: a click anywhere opens the chooser, a file dropped on it is taken, and the
 * browser's "Choose File / No file chosen" never shows. Enter and Space open the chooser.
 */
export function FileField(props: FileFieldProps) {
  const { field, value, onChange, readOnly, isSignedIn, upload, onUploaded, describeError } = props;
  const intl = useIntl();
  const ids = useFieldIds();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const zoneTextId = useId();
  const [isDragging, setDragging] = useState(false);
  const isUploading = state.status === 'uploading';
  const file = isFileValue(value) ? value : null;
  const canEdit = isSignedIn && !readOnly;
  const errors = state.status === 'error' ? state.errors.join('; ') : null;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const chosen = input.files?.[0];
    try {
      if (chosen) await send(chosen);
    } finally {
      // The same file can be chosen again after an error.
      input.value = '';
    }
  }

  async function send(chosen: File) {
    setState({ status: 'uploading', fileName: chosen.name });
    try {
      const uploaded = await upload(chosen);
      onChange(uploaded, { save: true });
      setState({ status: 'done' });
      onUploaded?.(uploaded);
    } catch (error) {
      setState({ status: 'error', errors: [describeError(error)] });
    }
  }

  function remove() {
    onChange(null, { save: true });
    setState(file ? { status: 'removed', fileName: file.original_filename } : { status: 'idle' });
    // The button goes away with the file: the keyboard goes on from the file input.
    inputRef.current?.focus();
  }

  // While a file uploads the input stays focusable (a disabled one would drop the keyboard's
  // focus), but opens no chooser.
  function handleClick(event: MouseEvent<HTMLInputElement>) {
    if (isUploading) event.preventDefault();
  }

  // Space opens a file input in every browser, Enter not in all: both do here.
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    if (!isUploading) event.currentTarget.click();
  }

  // A file dropped anywhere on the zone (one at a time: the first is taken).
  function handleDrag(event: DragEvent<HTMLDivElement>, isOver: boolean) {
    event.preventDefault();
    const canDrop = canEdit && !isUploading;
    if (isOver) event.dataTransfer.dropEffect = canDrop ? 'copy' : 'none';
    setDragging(isOver && canDrop);
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && canEdit && !isUploading) void send(dropped);
  }

  return (
    <FieldBlock field={field}>
      <label id={ids.label} className="field-block__label" htmlFor={ids.input}>
        {field.name}
      </label>
      <FieldQuestion id={ids.help} field={field} />
      {file && (
        <div className="field-file__card">
          <Icon name="file" className="field-file__icon" />
          <a className="field-file__name" href={file.secure_url} target="_blank" rel="noreferrer">
            {file.original_filename}
          </a>
          {canEdit && (
            <button
              type="button"
              className="button button--secondary field-file__remove"
              aria-label={intl.formatMessage(
                { id: 'fields.file.removeNamed' },
                { name: file.original_filename },
              )}
              onClick={remove}
            >
              <FormattedMessage id="fields.file.remove" />
            </button>
          )}
        </div>
      )}
      {!file && readOnly && <PrintedAnswer text={null} />}
      {!readOnly && (
        <div
          className={[
            'field-file__zone',
            isDragging && 'field-file__zone--over',
            !canEdit && 'field-file__zone--disabled',
            isUploading && 'field-file__zone--busy',
          ]
            .filter(Boolean)
            .join(' ')}
          onDragEnter={(event) => handleDrag(event, true)}
          onDragOver={(event) => handleDrag(event, true)}
          onDragLeave={(event) => handleDrag(event, false)}
          onDrop={handleDrop}
        >
          <input
            ref={inputRef}
            id={ids.input}
            className="field-file__input"
            type="file"
            disabled={!canEdit}
            aria-disabled={isUploading || undefined}
            aria-busy={isUploading || undefined}
            onClick={handleClick}
            onKeyDown={handleKeyDown}
            aria-describedby={describedBy(
              zoneTextId,
              field.question && ids.help,
              !isSignedIn && `${ids.input}-login`,
              errors && ids.error,
            )}
            aria-invalid={errors ? true : undefined}
            onChange={(event) => void handleFile(event)}
          />
          <Icon name="upload" className="field-file__zone-icon" />
          <span id={zoneTextId} className="field-file__zone-text">
            <span className="field-file__zone-action">
              <FormattedMessage id={file ? 'fields.file.chooseAnother' : 'fields.file.choose'} />
            </span>{' '}
            <FormattedMessage id="fields.file.dropHere" />
          </span>
        </div>
      )}
      {!isSignedIn && !readOnly && (
        <p id={`${ids.input}-login`} className="field-file__caption">
          <FormattedMessage id="fields.file.mustLogIn" />
        </p>
      )}
      {state.status === 'uploading' && (
        <div className="field-file__status">
          <Spinner
            label={intl.formatMessage({ id: 'fields.file.uploading' }, { name: state.fileName })}
          />
        </div>
      )}
      {state.status === 'removed' && (
        <p className="field-file__status" role="status">
          <FormattedMessage id="fields.file.removed" values={{ name: state.fileName }} />
        </p>
      )}
      {state.status === 'done' && file && (
        <p className="field-file__status" role="status">
          <FormattedMessage id="fields.file.uploaded" values={{ name: file.original_filename }} />
        </p>
      )}
      <FieldError id={ids.error} message={errors} isAlert />
    </FieldBlock>
  );
}
