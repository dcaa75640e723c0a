import './analytics-consent.css';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { setAnalyticsConsent, useAnalyticsConsent } from '../lib/analytics/consent';
import { useOrganisation } from '../lib/organisation';

/**
 * The question an organisation with Google Analytics asks before anything is sent to Google
 * (issue 15, point 23): a region under the header, in the page's flow (it covers nothing), two
 * buttons a keyboard reaches in order, and the answer remembered in the browser.
 */
export function AnalyticsConsent() {
  const { org } = useOrganisation();
  const consent = useAnalyticsConsent(org.alias);
  const titleId = useId();
  if (!org.gaUid || consent !== 'unanswered') return null;
  return (
    <section className="analytics-consent" aria-labelledby={titleId}>
      <div className="analytics-consent__inner">
        <div className="analytics-consent__text">
          <p id={titleId} className="analytics-consent__title">
            <FormattedMessage id="analytics.consent.title" />
          </p>
          <p>
            <FormattedMessage id="analytics.consent.body" values={{ organisation: org.name }} />
          </p>
        </div>
        <div className="analytics-consent__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setAnalyticsConsent(org.alias, 'granted')}
          >
            <FormattedMessage id="analytics.consent.accept" />
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setAnalyticsConsent(org.alias, 'denied')}
          >
            <FormattedMessage id="analytics.consent.decline" />
          </button>
        </div>
      </div>
    </section>
  );
}
