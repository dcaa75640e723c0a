import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { confirmEmail, fetchAccount } from '../../../lib/api/account';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';

type Status = 'confirming' | 'done' | { error: string };

/**
 * /confirmEmail/{token}: the link mailed to a new address (issue 24). It confirms once, on
 * arrival; a learner signed in here sees the new address on the profile at once.
 */
export function ConfirmEmailPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'confirmEmail.title' });
  useDocumentTitle(title);
  const { token = '' } = useParams();
  const { org, locale } = useOrganisation();
  const { isSignedIn, setAccount } = useSession();
  const toMessage = useErrorMessage();
  const [status, setStatus] = useState<Status>('confirming');
  // The link works once: StrictMode's second effect run must not use it again.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    confirmEmail(org.alias, locale, token)
      .then(async () => {
        if (isSignedIn) setAccount(await fetchAccount(org.alias, locale));
        setStatus('done');
      })
      .catch((error: unknown) => setStatus({ error: toMessage(error) }));
  }, [token, org.alias, locale, isSignedIn, setAccount, toMessage]);

  return (
    <div className="page page--narrow profile-page">
      <h1>{title}</h1>
      <div className="profile-page__section surface-card">
        {status === 'confirming' && (
          <p role="status">
            <span className="inline-spinner" aria-hidden="true" />{' '}
            <FormattedMessage id="confirmEmail.confirming" />
          </p>
        )}
        {status === 'done' && (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage id="confirmEmail.done" />
            </p>
          </NoticeBox>
        )}
        {typeof status === 'object' && (
          <ErrorBox>
            <p>{status.error}</p>
          </ErrorBox>
        )}
        {status !== 'confirming' && (
          <p>
            <Link to={isSignedIn ? paths.account : paths.signin}>
              <FormattedMessage
                id={isSignedIn ? 'confirmEmail.toProfile' : 'confirmEmail.toLogin'}
              />
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
