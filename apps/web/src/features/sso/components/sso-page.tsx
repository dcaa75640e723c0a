import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { oAuthPromptQuery, startOAuth } from '../../../lib/api/sso';
import { useOrganisation } from '../../../lib/organisation';
import { removeStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { leaveFor } from '../lib/leave';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string };

/**
 * /sso?oauth={groupId}[&inviteId=…] (docs/product-spec.md §2): the group's prompt and a button to
 * log in with the organisation's provider. The server starts the flow and answers the
 * provider's address, where the browser goes; `inviteId` is kept for the callback.
 */
export function SsoPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'sso.title' });
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const { org, locale } = useOrganisation();
  const toMessage = useErrorMessage();
  const groupId = params.get('oauth')?.trim() ?? '';
  const inviteId = params.get('inviteId')?.trim() || null;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const isBusy = status.kind === 'loading';

  useEffect(() => {
    if (inviteId) writeStored(STORAGE_KEYS.oAuthInviteId, inviteId);
    else removeStored(STORAGE_KEYS.oAuthInviteId);
  }, [inviteId]);

  const prompt = useQuery({ ...oAuthPromptQuery(org.alias, groupId, locale), enabled: !!groupId });

  async function logIn() {
    if (isBusy) return;
    setStatus({ kind: 'loading' });
    try {
      leaveFor(await startOAuth(org.alias, groupId, inviteId));
    } catch (error) {
      setStatus({ kind: 'error', message: toMessage(error) });
    }
  }

  let body;
  if (!groupId)
    body = (
      <ErrorBox>
        <p>
          <FormattedMessage id="sso.noGroup" />
        </p>
      </ErrorBox>
    );
  else if (prompt.isPending) body = <Spinner label={<FormattedMessage id="app.loading" />} />;
  else if (prompt.isError)
    body = (
      <ErrorBox>
        <p>{toMessage(prompt.error)}</p>
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void prompt.refetch()}
          >
            <FormattedMessage id="sso.retry" />
          </button>
        </p>
      </ErrorBox>
    );
  else
    body = (
      <div className="sso-card surface-card">
        {status.kind === 'error' && (
          <ErrorBox>
            <p>{status.message}</p>
            <p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void logIn()}
              >
                <FormattedMessage id="sso.retry" />
              </button>
            </p>
          </ErrorBox>
        )}
        <p className="sso-card__prompt">{prompt.data}</p>
        {inviteId && (
          <p>
            <FormattedMessage id="sso.invited" />
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          aria-disabled={isBusy || undefined}
          onClick={() => void logIn()}
        >
          {isBusy && <span className="inline-spinner" aria-hidden="true" />}
          {isBusy ? (
            <FormattedMessage id="sso.redirecting" />
          ) : (
            <FormattedMessage id="sso.login" values={{ organisation: org.name }} />
          )}
        </button>
        <span className="visually-hidden" role="status">
          {isBusy ? <FormattedMessage id="sso.redirecting" /> : null}
        </span>
      </div>
    );

  return (
    <div className="page page--narrow sso-page">
      <h1>{title}</h1>
      {body}
    </div>
  );
}
