import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { PasswordConfirmDialog } from '../../../components/password-confirm-dialog';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { useErrorMessage } from '../../../lib/use-error-message';
import { downloadAccountData, eraseAccount } from '../api/privacy';

type Download = 'idle' | 'busy' | { saved: string } | { error: string };

/**
 * "Your data" (docs/design.md §18): a copy of everything the portal holds about the learner, as
 * a JSON file, and the erasure of the account, confirmed in a dialog; once erased, the learner
 * is logged out and /signin says so.
 */
export function YourDataSection({ headingId }: { headingId: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { signOut } = useSession();
  const toMessage = useErrorMessage();
  const [download, setDownload] = useState<Download>('idle');
  const [isErasing, setIsErasing] = useState(false);

  async function downloadData() {
    if (download === 'busy') return;
    setDownload('busy');
    try {
      setDownload({ saved: await downloadAccountData(org.alias) });
    } catch (error) {
      setDownload({ error: toMessage(error) });
    }
  }

  async function erase(password: string | undefined) {
    await eraseAccount(org.alias, password);
    await signOut({ erased: true });
  }

  return (
    <>
      <h2 id={headingId}>
        <FormattedMessage id="profile.data.title" />
      </h2>
      <p>
        <FormattedMessage id="profile.data.intro" />
      </p>
      <div className="profile-page__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={download === 'busy' || undefined}
          onClick={() => void downloadData()}
        >
          {download === 'busy' && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage
            id={download === 'busy' ? 'profile.data.downloading' : 'profile.data.download'}
          />
        </button>
      </div>
      {typeof download === 'object' &&
        ('saved' in download ? (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage id="profile.data.downloaded" values={{ file: download.saved }} />
            </p>
          </NoticeBox>
        ) : (
          <ErrorBox>
            <p>{download.error}</p>
          </ErrorBox>
        ))}
      <h3 className="profile-page__subheading">
        <FormattedMessage id="profile.erase.heading" />
      </h3>
      <div className="profile-page__actions">
        <button type="button" className="button button--danger" onClick={() => setIsErasing(true)}>
          <FormattedMessage id="profile.erase.open" />
        </button>
      </div>
      <PasswordConfirmDialog
        open={isErasing}
        title={<FormattedMessage id="profile.erase.title" />}
        closeLabel={intl.formatMessage({ id: 'profile.erase.close' })}
        passwordLabel={<FormattedMessage id="profile.erase.password" />}
        freshSignInNote={<FormattedMessage id="profile.erase.sso" />}
        confirmLabel={<FormattedMessage id="profile.erase.open" />}
        pendingLabel={<FormattedMessage id="profile.erase.erasing" />}
        cancelLabel={<FormattedMessage id="profile.erase.keep" />}
        onConfirm={erase}
        onClose={() => setIsErasing(false)}
      >
        <ul>
          <li>
            <FormattedMessage id="profile.erase.goes" />
          </li>
          <li>
            <FormattedMessage id="profile.erase.stays" />
          </li>
        </ul>
        <p>
          <strong>
            <FormattedMessage id="profile.erase.final" />
          </strong>
        </p>
      </PasswordConfirmDialog>
    </>
  );
}
