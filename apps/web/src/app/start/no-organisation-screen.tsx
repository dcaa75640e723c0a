import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The host names no organisation: a clear answer instead of a blank page. */
export function NoOrganisationScreen() {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'app.noOrg.title' });
  }, [intl]);

  return (
    <main className="status-screen" id="main-content" tabIndex={-1}>
      <div className="status-screen__card">
        <h1>
          <FormattedMessage id="app.noOrg.title" />
        </h1>
        <p>
          <FormattedMessage
            id="app.noOrg.body"
            values={{
              host: <strong className="status-screen__host">{window.location.host}</strong>,
            }}
          />
        </p>
        <p>
          <FormattedMessage id="app.noOrg.hint" />
        </p>
      </div>
    </main>
  );
}
