import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { displayText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { bundlesQuery } from '../api/bundles-api';
import { AdminForbidden } from '../shell/admin-gate';

/** /admin/bundles: the store's bundles, each to edit, and a new one. */
export function BundlesScreen() {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const query = useQuery(bundlesQuery(org.alias, viewer));
  useDocumentTitle(intl.formatMessage({ id: 'admin.bundles.title' }));
  if (isApiError(query.error, 403)) return <AdminForbidden />;
  return (
    <section aria-labelledby="admin-bundles-title">
      <div className="admin-settings__header">
        <h1 id="admin-bundles-title">
          <FormattedMessage id="admin.bundles.title" />
        </h1>
        <Link className="button button--primary" to="/admin/bundles/new">
          <FormattedMessage id="admin.bundles.new" />
        </Link>
      </div>
      {query.isError && (
        <ErrorBox>
          <p>
            <FormattedMessage id="admin.bundles.loadFailed" />
          </p>
        </ErrorBox>
      )}
      {query.isPending && <Spinner label={<FormattedMessage id="admin.bundles.loading" />} />}
      {query.data?.bundles.length === 0 && (
        <p>
          <FormattedMessage id="admin.bundles.empty" />
        </p>
      )}
      {query.data && query.data.bundles.length > 0 && (
        <ul className="admin-groups">
          {query.data.bundles.map((bundle) => (
            <li key={bundle._id} className="admin-card admin-groups__item">
              <Link to={`/admin/bundles/${encodeURIComponent(bundle._id)}`}>
                {displayText(bundle.name, locale, bundle._id)}
              </Link>
              <span className="admin-groups__facts">
                <FormattedNumber value={bundle.price} style="currency" currency="USD" /> ·{' '}
                <FormattedMessage
                  id="admin.bundles.tiers"
                  values={{ count: bundle.discountTiers.length }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
