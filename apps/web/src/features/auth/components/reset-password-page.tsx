import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ResetPasswordForm } from './reset-password-form';

/** /resetPassword/{email}/{token}: the link of the reset mail (docs/product-spec.md §2). */
export function ResetPasswordPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.reset.title' });
  useDocumentTitle(title);
  const { email = '', token = '' } = useParams();
  return (
    <div className="page page--narrow auth-page">
      <h1>{title}</h1>
      <div className="auth-card surface-card">
        <ResetPasswordForm key={`${email}/${token}`} email={email} token={token} />
      </div>
    </div>
  );
}
