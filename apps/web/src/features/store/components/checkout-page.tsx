import type { OrderView } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { NotFoundPage } from '../../../components/not-found-page';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-context';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { cancelOrder, orderKeys, orderQuery, payOrder } from '../api/orders';
import { useFormatUsd } from '../lib/money';
import { usePercent } from './discount-dialog';

type Action =
  | { kind: 'idle' }
  | { kind: 'paying' }
  | { kind: 'cancelling' }
  | { kind: 'error'; message: string };

/**
 * /checkout/{orderId}: the portal's own test checkout (PAYMENTS=local, docs/design.md §9),
 * clearly marked as such: the order summary, Pay (the server confirms it through the same
 * fulfilment as a real provider, then the store's checkout-complete popup) and Cancel (back
 * to the bundle). Only the signed-in buyer sees it.
 */
export function CheckoutPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'route.checkout' });
  useDocumentTitle(title);
  const { orderId = '' } = useParams();
  const { isSignedIn } = useSession();

  if (!isSignedIn) {
    return (
      <div className="page page--narrow checkout-page">
        <h1>{title}</h1>
        <NoticeBox>
          <p>
            <FormattedMessage id="checkout.signIn" />
          </p>
          <p>
            <Link
              className="button button--primary"
              to={`${paths.signin}?returnTo=${encodeURIComponent(paths.checkout(orderId))}`}
            >
              <FormattedMessage id="auth.loginLink" />
            </Link>
          </p>
        </NoticeBox>
      </div>
    );
  }
  return <Checkout orderId={orderId} title={title} />;
}

function Checkout({ orderId, title }: { orderId: string; title: string }) {
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const result = useQuery(orderQuery(org.alias, orderId, viewer));

  if (result.isPending) {
    return (
      <div className="page page--centred">
        <Spinner label={<FormattedMessage id="checkout.loading" />} />
      </div>
    );
  }
  if (result.isError) {
    if (isApiError(result.error, 404)) return <NotFoundPage />;
    return (
      <div className="page page--narrow checkout-page">
        <h1>{title}</h1>
        <ErrorBox>{toMessage(result.error)}</ErrorBox>
      </div>
    );
  }
  return <OrderCheckout order={result.data} title={title} />;
}

function OrderCheckout({ order, title }: { order: OrderView; title: string }) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const formatUsd = useFormatUsd();
  const percent = usePercent();
  const summaryId = useId();
  const [action, setAction] = useState<Action>({ kind: 'idle' });
  const isBusy = action.kind === 'paying' || action.kind === 'cancelling';
  // This page pays only what the portal's own test checkout took; a Stripe order is paid on
  // Stripe's page (the server would refuse Pay), so none is offered here.
  const isLocal = order.provider === 'local';

  const usd = (cents: number) => formatUsd(cents / 100);
  const discountCents = order.unitCents * order.quantity - order.totalCents;

  async function run(kind: 'paying' | 'cancelling') {
    if (isBusy) return;
    setAction({ kind });
    try {
      const next =
        kind === 'paying'
          ? await payOrder(org.alias, order._id)
          : await cancelOrder(org.alias, order._id);
      queryClient.setQueryData(orderKeys.detail(org.alias, order._id, viewer), next);
      // A paid order brings seats: the bundle page's list of orders asks again.
      void queryClient.invalidateQueries({ queryKey: orderKeys.list(org.alias, viewer) });
      navigate(
        kind === 'paying'
          ? paths.storePurchased(order.bundleId)
          : paths.bundleCancelled(order.bundleId),
      );
    } catch (error) {
      setAction({ kind: 'error', message: toMessage(error) });
    }
  }

  return (
    <div className="page page--narrow checkout-page">
      {isLocal && (
        <p className="badge checkout-page__mode">
          <FormattedMessage id="checkout.testMode" />
        </p>
      )}
      <h1>{title}</h1>
      {isLocal && (
        <NoticeBox>
          <p>
            <FormattedMessage id="checkout.testModeBody" />
          </p>
        </NoticeBox>
      )}
      <section className="checkout-summary surface-card" aria-labelledby={summaryId}>
        <h2 id={summaryId}>
          <FormattedMessage id="checkout.summary" />
        </h2>
        <dl className="checkout-summary__facts">
          <dt>
            <FormattedMessage id="checkout.bundle" />
          </dt>
          <dd>{order.bundleName}</dd>
          <dt>
            <FormattedMessage id="checkout.seats" />
          </dt>
          <dd>{intl.formatNumber(order.quantity)}</dd>
          <dt>
            <FormattedMessage id="checkout.unitPrice" />
          </dt>
          <dd>{usd(order.unitCents)}</dd>
          <dt>
            <FormattedMessage id="checkout.discount" />
          </dt>
          <dd>
            {order.percentOff > 0 ? (
              <FormattedMessage
                id="checkout.discountValue"
                values={{ percent: percent(order.percentOff), amount: usd(discountCents) }}
              />
            ) : (
              <FormattedMessage id="checkout.noDiscount" />
            )}
          </dd>
          <dt className="checkout-summary__total">
            <FormattedMessage id="checkout.total" />
          </dt>
          <dd className="checkout-summary__total">{usd(order.totalCents)}</dd>
        </dl>
      </section>
      {order.status === 'pending' && !isLocal ? (
        <ProviderCheckout order={order} />
      ) : order.status === 'pending' ? (
        <div className="form__actions checkout-page__actions">
          <button
            type="button"
            className="button button--primary button--large"
            aria-disabled={isBusy || undefined}
            onClick={() => void run('paying')}
          >
            {action.kind === 'paying' && <span className="inline-spinner" aria-hidden="true" />}
            {action.kind === 'paying' ? (
              <FormattedMessage id="checkout.paying" />
            ) : (
              <FormattedMessage id="checkout.pay" values={{ total: usd(order.totalCents) }} />
            )}
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-disabled={isBusy || undefined}
            onClick={() => void run('cancelling')}
          >
            <FormattedMessage
              id={action.kind === 'cancelling' ? 'checkout.cancelling' : 'checkout.cancel'}
            />
          </button>
        </div>
      ) : (
        <OrderClosed order={order} />
      )}
      {action.kind === 'error' && <ErrorBox>{action.message}</ErrorBox>}
    </div>
  );
}

/** A pending order of a real provider (Stripe): it is paid on the provider's page, not here. */
function ProviderCheckout({ order }: { order: OrderView }) {
  return (
    <NoticeBox>
      <p>
        <strong>
          <FormattedMessage id="checkout.stripeTitle" />
        </strong>
      </p>
      <p>
        <FormattedMessage id="checkout.stripeBody" />
      </p>
      <p>
        <Link className="button button--primary" to={paths.bundle(order.bundleId)}>
          <FormattedMessage id="checkout.toBundle" />
        </Link>
      </p>
    </NoticeBox>
  );
}

/** An order no longer waiting for payment: what became of it, and where to go. */
function OrderClosed({ order }: { order: OrderView }) {
  const isPaid = order.status === 'paid' || order.status === 'fulfilled';
  return (
    <NoticeBox tone={isPaid ? 'success' : 'info'}>
      <p>
        <FormattedMessage
          id={
            isPaid
              ? 'checkout.paid'
              : order.status === 'expired'
                ? 'checkout.expired'
                : order.status === 'refunded'
                  ? 'checkout.refunded'
                  : 'checkout.cancelled'
          }
        />
      </p>
      <p>
        {isPaid ? (
          <Link className="button button--primary" to={paths.storePurchased(order.bundleId)}>
            <FormattedMessage id="checkout.toStore" />
          </Link>
        ) : (
          <Link className="button button--primary" to={paths.bundle(order.bundleId)}>
            <FormattedMessage id="checkout.toBundle" />
          </Link>
        )}
      </p>
    </NoticeBox>
  );
}
