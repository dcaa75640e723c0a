import './analytics-consent.css';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOrganisation } from '../lib/organisation';

const AnalyticsSettingsDialog = lazy(async () => ({
  default: (await import('./analytics-settings-dialog')).AnalyticsSettingsDialog,
}));

/**
 * The footer's "Cookie settings" (issue 15, point 23), for an organisation with Google
 * Analytics only: reopens the consent question (analytics-consent.tsx) so that the learner can
 * change the answer at any time. A refusal stops Google at once (app/layout/use-page-analytics.ts).
 * The question's own code loads when it is first opened (the first load carries the button only).
 */
export function AnalyticsSettings() {
  const { org } = useOrganisation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const [saved, setSaved] = useState<'granted' | 'denied' | null>(null);
  if (!org.gaUid) return null;

  return (
    <>
      <button
        type="button"
        className="link-button analytics-settings__open"
        aria-haspopup="dialog"
        onClick={() => {
          setSaved(null);
          setOpen(true);
          setWasOpened(true);
        }}
      >
        <FormattedMessage id="analytics.settings.title" />
      </button>
      <span className="analytics-settings__saved" role="status">
        {saved && <FormattedMessage id={`analytics.settings.saved.${saved}`} />}
      </span>
      {wasOpened && (
        <Suspense fallback={null}>
          <AnalyticsSettingsDialog
            open={isOpen}
            onClose={() => setOpen(false)}
            onSaved={(answer) => {
              setSaved(answer);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
