import { FormattedMessage } from 'react-intl';
import type { AuthMode } from '../../../lib/session/session-context';
import { AuthSwitch } from './auth-switch';

/** Self signup disabled and no invitation: say how accounts are made here. */
export function InviteOnlyNotice({ onSwitch }: { onSwitch?: (mode: AuthMode) => void }) {
  return (
    <div className="message-box message-box--info">
      <h2 className="auth-notice__title">
        <FormattedMessage id="auth.inviteOnly.title" />
      </h2>
      <p>
        <FormattedMessage id="auth.inviteOnly.body" />
      </p>
      <p>
        <FormattedMessage id="auth.haveAccount" />{' '}
        <AuthSwitch to="login" onSwitch={onSwitch}>
          <FormattedMessage id="auth.loginLink" />
        </AuthSwitch>
      </p>
    </div>
  );
}
