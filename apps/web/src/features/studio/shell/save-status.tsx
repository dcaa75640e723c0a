import { FormattedMessage } from 'react-intl';
import { useErrorMessage } from '../../../lib/use-error-message';
import type { SaveStatus } from '../lib/draft-saver';

/**
 * The draft's state, true to what the server has (lib/draft-saver.ts): "All changes saved" only
 * after it answered; a failed save says why and that it is tried again.
 */
export function SaveStatusLine({ status }: { status: SaveStatus }) {
  const toMessage = useErrorMessage();
  let text;
  switch (status.kind) {
    case 'saved':
      text = <FormattedMessage id="studio.save.saved" />;
      break;
    case 'pending':
      text = <FormattedMessage id="studio.save.pending" />;
      break;
    case 'saving':
      text = <FormattedMessage id="studio.save.saving" />;
      break;
    case 'retrying':
      text = (
        <FormattedMessage id="studio.save.retrying" values={{ error: toMessage(status.error) }} />
      );
      break;
    case 'invalid':
      text = (
        <FormattedMessage id="studio.save.invalid" values={{ error: toMessage(status.error) }} />
      );
      break;
    case 'conflict':
      text = <FormattedMessage id="studio.save.conflict" />;
      break;
  }
  const isProblem = ['retrying', 'invalid', 'conflict'].includes(status.kind);
  return (
    <p
      className={`studio-save-status studio-save-status--${status.kind}`}
      role="status"
      data-state={status.kind}
    >
      {isProblem && <span aria-hidden="true">⚠ </span>}
      {text}
    </p>
  );
}
