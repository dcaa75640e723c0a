import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { NoticeBox } from '../../../components/message-box';
import { paths } from '../../../lib/paths';

/** A signed-in learner who opens a sign-in or sign-up address: say so and lead on. */
export function AlreadySignedIn() {
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
      <p>
        <Link className="button button--primary" to={paths.topics}>
          <FormattedMessage id="auth.browseTopics" />
        </Link>
      </p>
    </NoticeBox>
  );
}
