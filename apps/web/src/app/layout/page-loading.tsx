import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../components/spinner';

/** Shown inside the page area while a screen's code is loading. */
export function PageLoading() {
  return (
    <div className="page page--centred">
      <Spinner label={<FormattedMessage id="app.loading" />} />
    </div>
  );
}
