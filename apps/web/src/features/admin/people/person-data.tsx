import type { PersonDetail } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { PasswordConfirmDialog } from '../../../components/password-confirm-dialog';
import { saveJson } from '../../../lib/api/download';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import { adminKeys } from '../api/admin-api';
import { peopleApi } from '../api/people-api';

type Download = 'idle' | 'busy' | { saved: string } | { error: string };

/**
 * A person's data in their panel (docs/design.md §18): a copy of it as a JSON file (audited),
 * and their erasure, confirmed with the administrator's own password. Administrators erase
 * their own account from their profile, not here.
 */
export function PersonData({
  person,
  name,
  onErased,
}: {
  person: PersonDetail;
  name: string;
  onErased: (name: string) => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const { account } = useSession();
  const queryClient = useQueryClient();
  const toMessage = useErrorMessage();
  const [download, setDownload] = useState<Download>('idle');
  const [isErasing, setIsErasing] = useState(false);
  const isSelf = account?.user.id.username === person.username;
  const headingId = useId();

  async function downloadData() {
    if (download === 'busy') return;
    setDownload('busy');
    try {
      const document = await peopleApi.exportData(org.alias, person._id);
      const file = `${org.alias}-person-${person._id}-${document.exportedAt.slice(0, 10)}.json`;
      saveJson(document, file);
      setDownload({ saved: file });
    } catch (error) {
      setDownload({ error: toMessage(error) });
    }
  }

  async function erase(password: string | undefined) {
    await peopleApi.erase(org.alias, person._id, password);
    // The list, the orders and the audit log named them; their own panel's answer is gone.
    await queryClient.invalidateQueries({
      queryKey: adminKeys.all(org.alias, viewer),
      predicate: (query) => !query.queryKey.includes(person._id),
    });
    onErased(name);
  }

  return (
    <section className="admin-person__data" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <FormattedMessage id="admin.people.data" />
      </h3>
      <div className="admin-person__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={download === 'busy' || undefined}
          onClick={() => void downloadData()}
        >
          {download === 'busy' && <span className="inline-spinner" aria-hidden="true" />}
          <FormattedMessage
            id={download === 'busy' ? 'admin.people.downloading' : 'admin.people.download'}
          />
        </button>
        {!isSelf && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => setIsErasing(true)}
          >
            <FormattedMessage id="admin.people.erase" />
          </button>
        )}
      </div>
      {isSelf && (
        <p className="admin-person__note">
          <FormattedMessage id="admin.people.eraseSelf" />
        </p>
      )}
      {typeof download === 'object' &&
        ('saved' in download ? (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage
                id="admin.people.downloaded"
                values={{ name, file: download.saved }}
              />
            </p>
          </NoticeBox>
        ) : (
          <ErrorBox>
            <p>{download.error}</p>
          </ErrorBox>
        ))}
      <PasswordConfirmDialog
        open={isErasing}
        title={<FormattedMessage id="admin.people.eraseTitle" values={{ name }} />}
        closeLabel={intl.formatMessage({ id: 'admin.people.close' })}
        passwordLabel={<FormattedMessage id="admin.people.erasePassword" />}
        passwordHint={<FormattedMessage id="admin.people.erasePasswordHint" />}
        freshSignInNote={<FormattedMessage id="admin.people.eraseSso" />}
        confirmLabel={<FormattedMessage id="admin.people.eraseConfirm" />}
        pendingLabel={<FormattedMessage id="admin.people.erasing" />}
        cancelLabel={<FormattedMessage id="admin.people.cancel" />}
        onConfirm={erase}
        onClose={() => setIsErasing(false)}
      >
        <ul>
          <li>
            <FormattedMessage id="admin.people.eraseGoes" />
          </li>
          <li>
            <FormattedMessage id="admin.people.eraseStays" />
          </li>
        </ul>
        <p>
          <strong>
            <FormattedMessage id="admin.people.eraseFinal" />
          </strong>
        </p>
      </PasswordConfirmDialog>
    </section>
  );
}
