import { FormattedMessage } from 'react-intl';
import { Spinner } from './spinner';

/** Full-page loading state: a spinner with text, announced politely by screen readers. */
export function LoadingScreen() {
  return (
    <main className="status-screen" id="main-content" tabIndex={-1}>
      <Spinner label={<FormattedMessage id="app.loading" />} />
    </main>
  );
}
