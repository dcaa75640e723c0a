import type { BundleView } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { NotFoundPage } from '../../../components/not-found-page';
import { SafeHtml } from '../../../components/safe-html';
import { Spinner } from '../../../components/spinner';
import type { SeatsAndInvitationsComponent } from '../../../lib/invitations-slot';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useBundles } from '../hooks/use-bundles';
import { bundleTexts } from '../lib/bundle-text';
import { useFormatUsd } from '../lib/money';
import { useSession } from '../../../lib/session/session-context';
import { ordersQuery } from '../api/orders';
import { PurchaseForm } from './purchase-form';

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
 * locale has none) and the purchase form; for a buyer of seats, their team's seats and
 * invitations (the one seat section, given by the routes). An unknown bundle is the not-found
 * page; after a cancelled checkout it says that nothing was charged.
 */
export function BundlePage({ seats }: { seats?: SeatsAndInvitationsComponent }) {
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
  return <BundleDetail bundle={bundle} Seats={seats} />;
}

function BundleDetail({
  bundle,
  Seats,
}: {
  bundle: BundleView;
  Seats: SeatsAndInvitationsComponent | undefined;
}) {
  const intl = useIntl();
  const formatUsd = useFormatUsd();
  const purchaseId = useId();
  const { isSignedIn } = useSession();
  const [search] = useSearchParams();
  const { name, description, longDescription } = bundleTexts(bundle, intl.locale);
  useDocumentTitle(name || intl.formatMessage({ id: 'route.bundle' }));

  return (
    <div className="page bundle-page">
      <BackToStore />
      {search.has('cancelled') && (
        <NoticeBox>
          <p>
            <FormattedMessage id="store.cancelled" />
          </p>
        </NoticeBox>
      )}
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
            <FormattedMessage
              id={
                isSignedIn && bundle.isMemberOf ? 'store.purchase.forTeam' : 'store.purchase.title'
              }
            />
          </h2>
          <PurchaseForm bundle={bundle} />
        </section>
      </div>
      {/* A buyer of seats reaches the bundle's group through their cohort. */}
      {isSignedIn && bundle.isMemberOf && Seats && <YourTeam bundleId={bundle._id} Seats={Seats} />}
    </div>
  );
}

/**
 * A buyer's team on the bundle page: the cohort their seats belong to (from their fulfilled
 * orders), with its seats and invitations, and a way to its page (members and progress).
 * Nothing for a learner who bought no seats for others.
 */
function YourTeam({ bundleId, Seats }: { bundleId: string; Seats: SeatsAndInvitationsComponent }) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const headingId = useId();
  const orders = useQuery(ordersQuery(org.alias, viewer));
  const cohortId = orders.data?.find(
    (order) => order.bundleId === bundleId && order.status === 'fulfilled' && order.cohortId,
  )?.cohortId;
  if (!cohortId) return null;
  return (
    <div className="bundle-page__team">
      <section className="bundle-team surface-card" aria-labelledby={headingId}>
        <h2 id={headingId}>
          <FormattedMessage id="store.team.title" />
        </h2>
        <p>
          <FormattedMessage id="store.team.intro" />
        </p>
        <p>
          <Link className="button button--secondary" to={paths.group(cohortId)}>
            <FormattedMessage id="store.team.open" />
          </Link>
        </p>
      </section>
      <Seats groupId={cohortId} membersNote="groupPage" />
    </div>
  );
}
