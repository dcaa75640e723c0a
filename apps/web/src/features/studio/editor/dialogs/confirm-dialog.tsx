import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../../components/modal-dialog';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before something that cannot be taken back lightly (a field and its answers). */
export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <ModalDialog
      open={request !== null}
      onClose={onClose}
      title={request?.title ?? ''}
      closeLabel={intl.formatMessage({ id: 'studio.editor.close' })}
    >
      <p>{request?.body}</p>
      <div className="studio-editor-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {intl.formatMessage({ id: 'studio.editor.cancel' })}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            const confirm = request?.onConfirm;
            onClose();
            confirm?.();
          }}
        >
          {request?.confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
