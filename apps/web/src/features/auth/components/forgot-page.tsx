import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ForgotForm } from './forgot-form';

/** /forgot (docs/product-spec.md §2). */
export function ForgotPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'auth.forgot.title' });
  useDocumentTitle(title);
  return (
    <div className="page page--narrow auth-page">
      <h1>{title}</h1>
      <div className="auth-card surface-card">
        <ForgotForm />
      </div>
    </div>
  );
}
