import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { NoticeBox } from '../../../components/message-box';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { AcceptInvite } from './accept-invite';

/**
 * A signed-in learner who opens a sign-in or sign-up address: say so and lead on; with an
 * invitation's `inviteId`, offer to accept it as this account.
 */
export function AlreadySignedIn({ inviteId }: { inviteId?: string }) {
  const { account } = useSession();
  if (!account) return null;
  return (
    <NoticeBox>
      <p>
        <FormattedMessage
          id="auth.alreadySignedIn"
          values={{ name: account.name.full.trim() || account.user.id.username }}
        />
      </p>
      {inviteId && <AcceptInvite inviteId={inviteId} />}
      <p>
        <Link
          className={inviteId ? 'button button--secondary' : 'button button--primary'}
          to={paths.topics}
        >
          <FormattedMessage id="auth.browseTopics" />
        </Link>
      </p>
    </NoticeBox>
  );
}
