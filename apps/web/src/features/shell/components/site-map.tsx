import type { OrganisationView } from '@portal/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Footer site map (docs/product-spec.md §1): topic groups, topics and a link to all topics. */
export function SiteMap({ org }: { org: OrganisationView }) {
  const intl = useIntl();
  return (
    <nav className="site-map" aria-label={intl.formatMessage({ id: 'footer.siteMap' })}>
      <h2 className="site-footer__heading">
        <FormattedMessage id="footer.siteMap" />
      </h2>
      <div className="site-map__columns">
        {org.topicGroups.length > 0 && (
          <div>
            <h3 className="site-map__title">
              <FormattedMessage id="footer.topicGroups" />
            </h3>
            <ul className="site-map__list">
              {org.topicGroups.map((group) => (
                <li key={group._id}>
                  <Link to={paths.topicGroup(group._id)}>{group.name}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
        {org.topics.length > 0 && (
          <div>
            <h3 className="site-map__title">
              <FormattedMessage id="footer.topics" />
            </h3>
            <ul className="site-map__list">
              {org.topics.map((topic) => (
                <li key={topic._id}>
                  <Link to={paths.topic(topic._id)}>{topic.name}</Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <p className="site-map__all">
        <Link to={paths.topics}>
          <FormattedMessage id="footer.allTopics" />
        </Link>
      </p>
    </nav>
  );
}
