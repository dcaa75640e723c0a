import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Issue 15 point 20: a learner who opened "/" and was taken to the page they left off on
 * (docs/product-spec.md §4) is told so, with a way back to the home page.
 */
export function WelcomeBack({ pageName, topicName }: { pageName: string; topicName: string }) {
  const [isShown, setShown] = useState(true);
  if (!isShown) return null;
  return (
    <div className="welcome-back message-box message-box--info" role="status">
      <p className="welcome-back__text">
        <FormattedMessage
          id="home.welcomeBack"
          values={{
            page: <strong>{pageName}</strong>,
            topic: topicName,
          }}
        />
      </p>
      <p className="welcome-back__actions">
        <Link to={paths.home}>
          <FormattedMessage id="home.welcomeBack.home" />
        </Link>
        <button type="button" className="link-button" onClick={() => setShown(false)}>
          <FormattedMessage id="home.welcomeBack.dismiss" />
        </button>
      </p>
    </div>
  );
}
