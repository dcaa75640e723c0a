import { FormattedMessage } from 'react-intl';
import { useSession } from '../../../lib/session/session-context';
import { SignInLink } from './sign-in-link';

/**
 * No card to show on /topics: the organisation has no topics ('No topics are currently
 * available', or the 'no topics' text for a signed-in learner), or every topic is private to
 * this viewer: then a prompt to sign in or to ask the administrator for access.
 */
export function TopicsEmpty({ hasHiddenTopics }: { hasHiddenTopics: boolean }) {
  const { isSignedIn } = useSession();

  if (!hasHiddenTopics) {
    return (
      <p className="topics-empty" role="status">
        <FormattedMessage id={isSignedIn ? 'topics.noTopics' : 'topics.empty'} />
      </p>
    );
  }
  return (
    <section className="topics-empty topics-empty--permissions surface-card" role="status">
      <h2 className="topics-empty__title">
        <FormattedMessage id="topics.noPermissions.title" />
      </h2>
      <p>
        {isSignedIn ? (
          <FormattedMessage id="topics.noPermissions.member" />
        ) : (
          <FormattedMessage
            id="topics.noPermissions.visitor"
            values={{ signin: (chunks) => <SignInLink>{chunks}</SignInLink> }}
          />
        )}
      </p>
    </section>
  );
}
