import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Logged out (spec §2 header): Login, and Sign up unless the organisation disabled self signup. */
export function AuthLinks({ allowSignup }: { allowSignup: boolean }) {
  return (
    <div className="auth-links">
      <Link className="button button--on-brand-outline" to={paths.signin}>
        <FormattedMessage id="header.login" />
      </Link>
      {allowSignup && (
        <Link className="button button--on-brand" to={paths.signup}>
          <FormattedMessage id="header.signup" />
        </Link>
      )}
    </div>
  );
}
