import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NoticeBox } from '../../../components/message-box';
import { flashOf, flashState } from '../../../lib/flash';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AlreadySignedIn } from './already-signed-in';
import { LoginForm } from './login-form';
import { safeReturnTo } from './return-to';

/**
 * /signin: the login form; ?timeout says the learner was logged out for inactivity, the
 * router's `erased` flash that their account was just erased; an invitation's link
 * (?email=…&inviteId=…) fills in the email and sends the invitation along.
 */
export function SignInPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.login.title' });
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  // Only who arrives signed in is told so; logging in here moves on to the next screen.
  const [arrivedSignedIn] = useState(isSignedIn);
  // An invitation's sign-in link: /signin?email=…&inviteId=… (the email already has an account).
  const inviteId = params.get('inviteId')?.trim() || undefined;
  const invitedEmail = params.get('email')?.trim() || undefined;
  const returnTo =
    safeReturnTo(params.get('returnTo')) ??
    safeReturnTo((location.state as { from?: unknown } | null)?.from);

  return (
    <div className="page page--narrow auth-page">
      <h1>{title}</h1>
      {flashOf(location.state) === 'erased' && (
        <NoticeBox tone="success">
          <p>
            <FormattedMessage id="auth.erased" />
          </p>
        </NoticeBox>
      )}
      {params.has('timeout') && (
        <NoticeBox>
          <p>
            <FormattedMessage id="auth.inactivityLogout" />
          </p>
        </NoticeBox>
      )}
      {arrivedSignedIn && isSignedIn ? (
        <AlreadySignedIn inviteId={inviteId} />
      ) : (
        <div className="auth-card surface-card">
          <LoginForm
            initialUsername={invitedEmail}
            inviteId={inviteId}
            onSignedIn={(joined) =>
              navigate(returnTo ?? paths.topics, {
                replace: true,
                ...(joined && { state: flashState('joined', joined.name) }),
              })
            }
          />
        </div>
      )}
    </div>
  );
}
