import type { AccountView } from '@portal/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-context';
import { useDocumentTitle } from '../lib/use-document-title';
import { ErrorBox, NoticeBox } from './message-box';

/** An interface message's id (react-intl checks them against the en-US catalog). */
type MessageId = NonNullable<MessageDescriptor['id']>;

/** The words of a staff screen's door: its title, and what a visitor and a refused account read. */
export interface StaffGateText {
  title: MessageId;
  signIn: MessageId;
  logIn: MessageId;
  forbidden: MessageId;
  home: MessageId;
}

interface StaffGateProps {
  text: StaffGateText;
  /** Who may go in (design §13); the server decides anyway (403). */
  may: (account: AccountView) => boolean;
  className: string;
  children: ReactNode;
}

/**
 * The door of a staff screen (the studio, the console): a visitor is asked to log in (and comes
 * back here), an account the screen is not for is told so; the others go in. The server refuses
 * them anyway: this only spares them a screen of errors.
 */
export function StaffGate({ text, may, className, children }: StaffGateProps) {
  const { account } = useSession();
  const location = useLocation();
  if (!account) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return (
      <StaffMessagePage text={text} className={className}>
        <NoticeBox>
          <p>
            <FormattedMessage id={text.signIn} />
          </p>
          <p>
            <Link className="button button--primary" to={`${paths.signin}?returnTo=${returnTo}`}>
              <FormattedMessage id={text.logIn} />
            </Link>
          </p>
        </NoticeBox>
      </StaffMessagePage>
    );
  }
  if (!may(account)) return <StaffForbidden text={text} className={className} />;
  return children;
}

/** What an account the screen is not for sees, or anyone the server answered 403. */
export function StaffForbidden({ text, className }: { text: StaffGateText; className: string }) {
  return (
    <StaffMessagePage text={text} className={className}>
      <ErrorBox>
        <p>
          <FormattedMessage id={text.forbidden} />
        </p>
      </ErrorBox>
      <p>
        <Link className="button" to={paths.home}>
          <FormattedMessage id={text.home} />
        </Link>
      </p>
    </StaffMessagePage>
  );
}

function StaffMessagePage({
  text,
  className,
  children,
}: {
  text: StaffGateText;
  className: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: text.title }));
  return (
    <div className={`page page--narrow ${className}`}>
      <h1>
        <FormattedMessage id={text.title} />
      </h1>
      {children}
    </div>
  );
}
