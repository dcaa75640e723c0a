import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../lib/message-id';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

/** Placeholder for a screen whose feature is not built yet, titled after the screen. */
export function ComingSoonPage({ titleId }: { titleId: MessageId }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  useDocumentTitle(title);

  return (
    <div className="page page--narrow notice-page">
      <p className="badge">
        <FormattedMessage id="comingSoon.badge" />
      </p>
      <h1>{title}</h1>
      <p>
        <FormattedMessage id="comingSoon.body" />
      </p>
      <p>
        <Link className="button button--primary" to={paths.home}>
          <FormattedMessage id="comingSoon.home" />
        </Link>
      </p>
    </div>
  );
}
