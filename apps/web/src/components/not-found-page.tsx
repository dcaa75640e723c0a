import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

/** Unknown address, topic or group (docs/product-spec.md §8): say so and lead back to the topics. */
export function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notFound.title' }));

  return (
    <div className="page page--narrow notice-page">
      <p className="badge">404</p>
      <h1>
        <FormattedMessage id="notFound.message" />
      </h1>
      <p>
        <Link className="button button--primary" to={paths.topics}>
          <FormattedMessage id="notFound.browseTopics" />
        </Link>
      </p>
    </div>
  );
}
