import '../workbook.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '../../../lib/session/session-context';
import { useWorkbookState, useWorkbookStore } from './store-context';

const PHASE_TEXT = {
  idle: null,
  editing: 'workbook.save.editing',
  saving: 'workbook.save.saving',
  saved: 'workbook.save.saved',
  error: null,
  local: 'workbook.save.local',
} as const;

/**
 * Where the answers stand: "Saving…", "All changes saved" once the server has every edit, or
 * the errors (joined with '; ') while the save is retried, with a Retry button.
 * A visitor's answers are kept in this browser, which it says, with a way to sign up.
 */
export function SaveStatusBar() {
  const intl = useIntl();
  const store = useWorkbookStore();
  const { status } = useWorkbookState();
  const { openAuthDialog } = useSession();
  const textId = PHASE_TEXT[status.phase];

  return (
    <div className="save-status">
      <p
        role="status"
        className={`save-status__text save-status__text--${status.phase}`}
        data-phase={status.phase}
      >
        {textId && intl.formatMessage({ id: textId })}
        {status.phase === 'local' && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={() => openAuthDialog('signup')}>
              <FormattedMessage id="workbook.save.localSignUp" />
            </button>
          </>
        )}
      </p>
      {status.errors.length > 0 && (
        <div className="save-status__error message-box message-box--error" role="alert">
          <p>
            <strong>
              <FormattedMessage id="workbook.save.failed" />
            </strong>{' '}
            {status.errors.join('; ')}
          </p>
          <p className="save-status__retry">
            <FormattedMessage id="workbook.save.retrying" />{' '}
            <button type="button" className="button button--secondary" onClick={store.retry}>
              <FormattedMessage id="workbook.save.retry" />
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
