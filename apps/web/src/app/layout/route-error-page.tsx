import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A screen failed to load or render (often: its code changed after a deploy). */
export function RouteErrorPage() {
  const intl = useIntl();
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'app.routeError.title' });
  }, [intl]);

  return (
    <div className="page page--narrow notice-page" role="alert">
      <h1>
        <FormattedMessage id="app.routeError.title" />
      </h1>
      <p>
        <FormattedMessage id="app.routeError.body" />
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          <FormattedMessage id="app.routeError.reload" />
        </button>
      </p>
    </div>
  );
}
