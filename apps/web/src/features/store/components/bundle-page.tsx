import type { BundleView } from '@portal/domain';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ErrorBox } from '../../../components/message-box';
import { NotFoundPage } from '../../../components/not-found-page';
import { SafeHtml } from '../../../components/safe-html';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useBundles } from '../hooks/use-bundles';
import { bundleTexts } from '../lib/bundle-text';
import { useFormatUsd } from '../lib/money';
import { useSession } from '../../../lib/session/session-context';
import { PurchaseForm } from './purchase-form';
import { SeatsSection } from './seats-section';

function BackToStore() {
  return (
    <p className="bundle-page__back">
      <Link className="back-link" to={paths.store}>
        <span aria-hidden="true">←</span> <FormattedMessage id="store.back" />
      </Link>
    </p>
  );
}

/**
 * /bundle/{bundleId} (docs/product-spec.md §2): a back arrow to /store, the image, the price in
 * USD, the name, the description, the long description (author HTML, sanitised; en-US when the
 * locale has none) and the purchase form. An unknown bundle is the not-found page.
 */
export function BundlePage() {
  const { bundleId = '' } = useParams();
  const result = useBundles();
  const toMessage = useErrorMessage();
  const bundle = result.data?.find((candidate) => candidate._id === bundleId);

  if (result.isPending) {
    return (
      <div className="page page--centred">
        <Spinner label={<FormattedMessage id="store.loading" />} />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className="page page--narrow">
        <BackToStore />
        <ErrorBox>{toMessage(result.error)}</ErrorBox>
      </div>
    );
  }
  if (!bundle) return <NotFoundPage />;
  return <BundleDetail bundle={bundle} />;
}

function BundleDetail({ bundle }: { bundle: BundleView }) {
  const intl = useIntl();
  const formatUsd = useFormatUsd();
  const purchaseId = useId();
  const { isSignedIn } = useSession();
  const { name, description, longDescription } = bundleTexts(bundle, intl.locale);
  useDocumentTitle(name || intl.formatMessage({ id: 'route.bundle' }));

  return (
    <div className="page bundle-page">
      <BackToStore />
      <div className="bundle-page__layout">
        <div className="bundle-page__main">
          {bundle.bundleImage?.url ? (
            <img className="bundle-page__image" src={bundle.bundleImage.url} alt="" />
          ) : (
            <span className="bundle-page__art" aria-hidden="true">
              {name.trim().charAt(0)}
            </span>
          )}
          <h1 className="bundle-page__title">{name}</h1>
          <p className="bundle-page__price">
            <FormattedMessage id="store.perSeat" values={{ price: formatUsd(bundle.price) }} />
          </p>
          {description && <p className="bundle-page__description">{description}</p>}
          {longDescription && (
            <SafeHtml className="prose bundle-page__long" html={longDescription} />
          )}
        </div>
        <section className="bundle-page__purchase surface-card" aria-labelledby={purchaseId}>
          <h2 id={purchaseId} className="bundle-page__purchase-title">
            <FormattedMessage id="store.purchase.title" />
          </h2>
          <PurchaseForm bundle={bundle} />
        </section>
      </div>
      {/* A buyer is a member (an administrator) of the bundle's group: only members may have seats. */}
      {isSignedIn && bundle.isMemberOf && <SeatsSection bundleId={bundle._id} />}
    </div>
  );
}
