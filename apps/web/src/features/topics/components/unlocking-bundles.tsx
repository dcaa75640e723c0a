import { localise } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { unlockingBundlesQuery } from '../../../lib/api/bundles';
import { useFormatStoreMoney } from '../../../lib/money';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session/session-token';

/**
 * On a private topic's screen, the bundles of the store that open it (issue 24): each by name,
 * as a link to its page, with its price. Nothing while they load, and nothing when no bundle
 * opens the topic (or the list cannot be had): signing in stays the way in.
 */
export function UnlockingBundles({ topicId }: { topicId: string }) {
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const money = useFormatStoreMoney();
  const titleId = useId();
  const { data: bundles } = useQuery(unlockingBundlesQuery(org.alias, topicId, locale, viewer));
  if (!bundles?.length) return null;
  return (
    <section className="unlocking-bundles" aria-labelledby={titleId}>
      <h2 id={titleId} className="unlocking-bundles__title">
        <FormattedMessage id="topic.unlock.title" values={{ count: bundles.length }} />
      </h2>
      <ul className="unlocking-bundles__list">
        {bundles.map((bundle) => (
          <li key={bundle._id} className="unlocking-bundles__item">
            <Link className="unlocking-bundles__name" to={paths.bundle(bundle._id)}>
              {localise(bundle.name, locale)}
            </Link>{' '}
            <span className="unlocking-bundles__price">{money(bundle.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
