import './analytics-consent.css';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { setAnalyticsConsent, useAnalyticsConsent } from '../lib/analytics/consent';
import { useOrganisation } from '../lib/organisation';
import { ModalDialog } from './modal-dialog';

/**
 * The footer's "Cookie settings" (issue 15, point 23), for an organisation with Google
 * Analytics only: reopens the consent question (analytics-consent.tsx) so that the learner can
 * change the answer at any time. A refusal stops Google at once (app/layout/use-page-analytics.ts).
 */
export function AnalyticsSettings() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const consent = useAnalyticsConsent(org.alias);
  const [isOpen, setOpen] = useState(false);
  const [saved, setSaved] = useState<'granted' | 'denied' | null>(null);
  if (!org.gaUid) return null;

  function choose(answer: 'granted' | 'denied') {
    setAnalyticsConsent(org.alias, answer);
    setSaved(answer);
    setOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className="link-button analytics-settings__open"
        aria-haspopup="dialog"
        onClick={() => {
          setSaved(null);
          setOpen(true);
        }}
      >
        <FormattedMessage id="analytics.settings.title" />
      </button>
      <span className="analytics-settings__saved" role="status">
        {saved && <FormattedMessage id={`analytics.settings.saved.${saved}`} />}
      </span>
      <ModalDialog
        open={isOpen}
        onClose={() => setOpen(false)}
        title={intl.formatMessage({ id: 'analytics.settings.title' })}
        closeLabel={intl.formatMessage({ id: 'analytics.settings.close' })}
      >
        <p>
          <FormattedMessage id="analytics.consent.body" values={{ organisation: org.name }} />
        </p>
        <p className="analytics-settings__current">
          <FormattedMessage id={`analytics.settings.current.${consent}`} />
        </p>
        <div className="analytics-settings__actions">
          <button
            type="button"
            className="button button--primary"
            aria-pressed={consent === 'granted'}
            onClick={() => choose('granted')}
          >
            <FormattedMessage id="analytics.consent.accept" />
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={consent === 'denied'}
            onClick={() => choose('denied')}
          >
            <FormattedMessage id="analytics.consent.decline" />
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
