import { FormattedMessage, useIntl } from 'react-intl';
import { setAnalyticsConsent, useAnalyticsConsent } from '../lib/analytics/consent';
import { useOrganisation } from '../lib/organisation';
import { ModalDialog } from './modal-dialog';

interface AnalyticsSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (answer: 'granted' | 'denied') => void;
}

/**
 * The question of the footer's "Cookie settings" (analytics-settings.tsx), loaded the first time
 * it is opened: a learner who never opens it never downloads it.
 */
export function AnalyticsSettingsDialog({ open, onClose, onSaved }: AnalyticsSettingsDialogProps) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const consent = useAnalyticsConsent(org.alias);

  function choose(answer: 'granted' | 'denied') {
    setAnalyticsConsent(org.alias, answer);
    onSaved(answer);
  }

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
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
  );
}
