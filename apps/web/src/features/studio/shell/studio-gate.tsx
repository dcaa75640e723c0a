import type { AccountView } from '@portal/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Authors and organisation administrators use the studio (design §13); the server decides. */
export function mayAuthor(account: AccountView | null): boolean {
  return Boolean(account?.roles?.some((role) => role === 'author' || role === 'admin'));
}

/**
 * The studio's door: a visitor is asked to log in (and comes back here), a learner is told the
 * studio is not theirs; authors and administrators go in. The server refuses the others anyway
 * (403): this only spares them a screen of errors.
 */
export function StudioGate({ children }: { children: ReactNode }) {
  const { account } = useSession();
  const location = useLocation();
  if (!account) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return (
      <StudioMessagePage>
        <NoticeBox>
          <p>
            <FormattedMessage id="studio.gate.signIn" />
          </p>
          <p>
            <Link className="button button--primary" to={`${paths.signin}?returnTo=${returnTo}`}>
              <FormattedMessage id="studio.gate.logIn" />
            </Link>
          </p>
        </NoticeBox>
      </StudioMessagePage>
    );
  }
  if (!mayAuthor(account)) return <StudioForbidden />;
  return children;
}

/** What a learner sees at /studio, or anyone the server answered 403. */
export function StudioForbidden() {
  return (
    <StudioMessagePage>
      <ErrorBox>
        <p>
          <FormattedMessage id="studio.gate.forbidden" />
        </p>
      </ErrorBox>
      <p>
        <Link className="button" to={paths.home}>
          <FormattedMessage id="studio.gate.home" />
        </Link>
      </p>
    </StudioMessagePage>
  );
}

function StudioMessagePage({ children }: { children: ReactNode }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'studio.title' }));
  return (
    <div className="page page--narrow studio">
      <h1>
        <FormattedMessage id="studio.title" />
      </h1>
      {children}
    </div>
  );
}
