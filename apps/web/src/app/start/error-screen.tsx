import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface ErrorScreenProps {
  supportEmail: string;
  onRetry: () => void;
}

/** App start failed (docs/product-spec.md §2): say so, offer a retry and the support address as a mail link. */
export function ErrorScreen({ supportEmail, onRetry }: ErrorScreenProps) {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'app.error.title' });
  }, [intl]);

  return (
    <main className="status-screen" id="main-content" tabIndex={-1}>
      <div className="status-screen__card" role="alert">
        <h1>
          <FormattedMessage id="app.error.title" />
        </h1>
        <p>
          <FormattedMessage id="app.error.body" />
        </p>
        <p>
          <FormattedMessage
            id="app.error.support"
            values={{ email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> }}
          />
        </p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          <FormattedMessage id="app.error.retry" />
        </button>
      </div>
    </main>
  );
}
