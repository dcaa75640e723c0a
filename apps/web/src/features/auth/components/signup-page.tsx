import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useOrganisation } from '../../../lib/organisation';
import { flashState } from '../../../lib/flash';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AlreadySignedIn } from './already-signed-in';
import { InviteOnlyNotice } from './invite-only-notice';
import { SignupForm } from './signup-form';

/**
 * /signup: ?email fills in and locks the email, ?inviteId goes along. Where self signup is
 * disabled only an invitation opens the form.
 */
export function SignUpPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.signup.title' });
  useDocumentTitle(title);
  const { org } = useOrganisation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isSignedIn } = useSession();
  const [arrivedSignedIn] = useState(isSignedIn);
  const lockedEmail = params.get('email')?.trim() || undefined;
  const inviteId = params.get('inviteId')?.trim() || undefined;
  const isOpen = !org.disableSelfSignup || inviteId !== undefined;

  let content;
  if (arrivedSignedIn && isSignedIn) content = <AlreadySignedIn inviteId={inviteId} />;
  else if (!isOpen) content = <InviteOnlyNotice />;
  else
    content = (
      <div className="auth-card surface-card">
        <SignupForm
          lockedEmail={lockedEmail}
          inviteId={inviteId}
          onSignedUp={(joined) =>
            navigate(paths.topics, {
              replace: true,
              ...(joined && { state: flashState('joined', joined.name) }),
            })
          }
        />
      </div>
    );

  return (
    <div className="page page--narrow auth-page">
      <h1>{title}</h1>
      {content}
    </div>
  );
}
