import type { OrganisationView } from '@portal/domain';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface ErrorScreenProps {
  supportEmail: string;
  /** The organisation, when known (from the API or the page): its logo or name on the card. */
  org?: Pick<OrganisationView, 'name' | 'logoImage'> | undefined;
  onRetry: () => void;
}

/**
 * App start failed (docs/product-spec.md §2): say so, offer a retry and the support address as
 * a mail link, under the organisation's logo (or name) and in its theme when they are known.
 */
export function ErrorScreen({ supportEmail, org, onRetry }: ErrorScreenProps) {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'app.error.title' });
  }, [intl]);

  return (
    <main className="status-screen" id="main-content" tabIndex={-1}>
      <div className="status-screen__card" role="alert">
        {org && (
          <p className="status-screen__brand">
            {org.logoImage ? (
              <img
                className="status-screen__logo"
                src={org.logoImage.secure_url}
                alt={org.name}
                width={org.logoImage.width}
                height={org.logoImage.height}
              />
            ) : (
              org.name
            )}
          </p>
        )}
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
