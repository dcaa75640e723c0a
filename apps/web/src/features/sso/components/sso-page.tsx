import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { oAuthPromptQuery, startOAuth } from '../../../lib/api/sso';
import { useOrganisation } from '../../../lib/organisation';
import { useSession } from '../../../lib/session/session-context';
import { removeStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { leaveFor } from '../lib/leave';
import { linkAddress } from '../lib/link';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string };

/**
 * /sso?oauth={groupId}[&inviteId=…] (docs/product-spec.md §2): the group's prompt and a button to
 * log in with the organisation's provider. The server starts the flow and answers the
 * provider's address, where the browser goes; `inviteId` is kept for the callback.
 * `&link=1`: a learner signed in with a password links the group's single sign-on to the
 * account (design §11); not signed in, they are sent to sign in with the password first.
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
  const { isSignedIn } = useSession();
  const linkMode = params.get('link') === '1';
  const linking = linkMode && isSignedIn;
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
      const address = await startOAuth(org.alias, groupId, inviteId);
      if (linking) writeStored(STORAGE_KEYS.oAuthLinkGroupId, groupId);
      else removeStored(STORAGE_KEYS.oAuthLinkGroupId);
      leaveFor(address);
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
        {linking && (
          <p>
            <FormattedMessage id="sso.link.explain" values={{ organisation: org.name }} />
          </p>
        )}
        {linkMode && !isSignedIn ? (
          <>
            <p>
              <FormattedMessage id="sso.link.signInFirst" />
            </p>
            <Link className="button button--primary" to={linkAddress(groupId)}>
              <FormattedMessage id="oauth.callback.linkWithPassword" />
            </Link>
          </>
        ) : (
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
              <FormattedMessage
                id={linking ? 'sso.link.button' : 'sso.login'}
                values={{ organisation: org.name }}
              />
            )}
          </button>
        )}
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
