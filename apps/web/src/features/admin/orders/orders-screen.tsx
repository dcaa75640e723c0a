import type { AdminOrderView, AdminRefundAnswer } from '@portal/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  FormattedDate,
  FormattedMessage,
  FormattedNumber,
  useIntl,
  type IntlShape,
} from 'react-intl';
import { useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { ModalDialog } from '../../../components/modal-dialog';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { textIn, type LocalisedText } from '../../../lib/localised-text';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { bundlesQuery } from '../api/bundles-api';
import { ordersKeys, ordersQuery, refundOrder, type OrderFilters } from '../api/orders-api';
import { AdminForbidden } from '../shell/admin-gate';
import { OrderFilterForm } from './orders-filters';

function filtersOf(search: URLSearchParams): OrderFilters {
  const filters: Record<string, string> = {};
  for (const key of ['buyer', 'state', 'bundle', 'from', 'to'] as const) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return filters as OrderFilters;
}

/**
 * /admin/orders: the organisation's orders newest first, with their buyer, seats, amount and
 * state; a fulfilled one can be refunded (its unused seats taken back) after a confirmation.
 */
export function OrdersScreen() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const list = useInfiniteQuery(ordersQuery(org.alias, viewer, filters));
  const bundles = useQuery(bundlesQuery(org.alias, viewer));
  const [refunding, setRefunding] = useState<AdminOrderView | null>(null);
  const [refunded, setRefunded] = useState<AdminRefundAnswer | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'admin.orders.title' }));
  if (isApiError(list.error, 403)) return <AdminForbidden />;
  const orders = list.data?.pages.flatMap((page) => page.orders) ?? [];
  const bundleChoices = (bundles.data?.bundles ?? []).map((b) => ({
    id: b._id,
    name: textIn(b.name as LocalisedText, intl.locale) || b._id,
  }));

  const apply = (next: OrderFilters) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, String(value));
    setRefunded(null);
    setSearch(params);
  };

  return (
    <section className="admin-orders" aria-labelledby="admin-orders-title">
      <div className="admin-audit__header">
        <h1 id="admin-orders-title">
          <FormattedMessage id="admin.orders.title" />
        </h1>
      </div>
      <p className="admin-orders__intro">
        <FormattedMessage id="admin.orders.intro" />
      </p>
      <OrderFilterForm
        key={search.toString()}
        filters={filters}
        bundles={bundleChoices}
        onApply={apply}
      />
      <div ref={statusRef} tabIndex={-1}>
        {refunded && (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage
                id="admin.orders.refunded"
                values={{
                  buyer: buyerName(refunded.order, intl),
                  taken: refunded.seatsTakenBack,
                  inUse: refunded.seatsInUse,
                }}
              />
            </p>
          </NoticeBox>
        )}
      </div>
      {list.isPending ? (
        <Spinner label={<FormattedMessage id="admin.orders.loading" />} />
      ) : list.isError ? (
        <ErrorBox>
          <p>{toMessage(list.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
          >
            <FormattedMessage id="admin.orders.retry" />
          </button>
        </ErrorBox>
      ) : orders.length === 0 ? (
        <p className="admin-people__empty">
          <FormattedMessage
            id={Object.keys(filters).length ? 'admin.orders.noneFiltered' : 'admin.orders.none'}
          />
        </p>
      ) : (
        <>
          <ul
            className="admin-orders__list"
            aria-label={intl.formatMessage({ id: 'admin.orders.list' })}
          >
            {orders.map((order) => (
              <OrderRow
                key={order._id}
                order={order}
                onRefund={() => {
                  setRefunded(null);
                  setRefunding(order);
                }}
              />
            ))}
          </ul>
          <p role="status">
            <FormattedMessage id="admin.orders.count" values={{ count: orders.length }} />
          </p>
          {list.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              aria-busy={list.isFetchingNextPage}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              <FormattedMessage
                id={list.isFetchingNextPage ? 'admin.orders.loadingMore' : 'admin.orders.more'}
              />
            </button>
          )}
        </>
      )}
      {refunding && (
        <RefundDialog
          order={refunding}
          returnFocus={statusRef}
          onClose={() => setRefunding(null)}
          onRefunded={(answer) => {
            setRefunding(null);
            setRefunded(answer);
          }}
        />
      )}
    </section>
  );
}

/**
 * The buyer as the console names them: an erased buyer's orders stay for the accounts without
 * a name (docs/design.md §18), and say so.
 */
function buyerName(order: AdminOrderView, intl: IntlShape): string {
  return order.buyer.name || intl.formatMessage({ id: 'admin.orders.erasedBuyer' });
}

function OrderRow({ order, onRefund }: { order: AdminOrderView; onRefund: () => void }) {
  const intl = useIntl();
  const bundle = textIn(order.bundleName as LocalisedText, intl.locale) || order.bundleId;
  const buyer = buyerName(order, intl);
  return (
    <li className="admin-orders__row">
      <div className="admin-orders__who">
        <span
          className={`admin-orders__buyer${order.buyer.name ? '' : ' admin-orders__buyer--erased'}`}
        >
          {buyer}
        </span>
        {order.buyer.email && <span className="admin-people__email">{order.buyer.email}</span>}
      </div>
      <div className="admin-orders__what">
        <span>{bundle}</span>
        <span className="admin-orders__seats">
          <FormattedMessage
            id="admin.orders.seats"
            values={{
              count: order.quantity,
              used: order.seats.used,
              unused: order.seats.unused,
              revoked: order.seats.revoked,
            }}
          />
        </span>
      </div>
      <div className="admin-orders__money">
        <FormattedNumber
          value={order.totalCents / 100}
          style="currency"
          currency={order.currency.toUpperCase()}
        />
        {order.percentOff > 0 && (
          <span className="admin-orders__discount">
            <FormattedMessage id="admin.orders.discount" values={{ percent: order.percentOff }} />
          </span>
        )}
        <span>
          <FormattedDate value={order.createdAt} dateStyle="medium" />
        </span>
      </div>
      <span className={`admin-people__status admin-orders__state--${order.status}`}>
        <FormattedMessage id={`admin.orders.state.${order.status}`} />
      </span>
      {order.status === 'fulfilled' && (
        <button type="button" className="button button--secondary" onClick={onRefund}>
          <FormattedMessage id="admin.orders.refund" />{' '}
          <span className="visually-hidden">
            <FormattedMessage id="admin.orders.refundWhose" values={{ buyer, bundle }} />
          </span>
        </button>
      )}
    </li>
  );
}

/** Confirms a refund, saying which seats are taken back and which members keep theirs. */
function RefundDialog({
  order,
  returnFocus,
  onClose,
  onRefunded,
}: {
  order: AdminOrderView;
  returnFocus: { readonly current: HTMLElement | null };
  onClose: () => void;
  onRefunded: (answer: AdminRefundAnswer) => void;
}) {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const refund = useMutation({
    mutationFn: () => refundOrder(org.alias, order._id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: ordersKeys.all(org.alias, viewer) });
      onRefunded(answer);
    },
  });
  return (
    <ModalDialog
      open
      onClose={onClose}
      returnFocus={returnFocus}
      title={<FormattedMessage id="admin.orders.refundTitle" />}
      closeLabel={intl.formatMessage({ id: 'admin.orders.close' })}
    >
      <p>
        <FormattedMessage
          id="admin.orders.refundText"
          values={{
            buyer: buyerName(order, intl),
            amount: intl.formatNumber(order.totalCents / 100, {
              style: 'currency',
              currency: order.currency.toUpperCase(),
            }),
            unused: order.seats.unused,
            used: order.seats.used,
          }}
        />
      </p>
      {refund.isError && (
        <ErrorBox>
          <p>{toMessage(refund.error)}</p>
        </ErrorBox>
      )}
      <div className="admin-dialog__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={refund.isPending}
          aria-busy={refund.isPending}
          onClick={() => refund.mutate()}
        >
          <FormattedMessage
            id={refund.isPending ? 'admin.orders.refunding' : 'admin.orders.confirmRefund'}
          />
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <FormattedMessage id="admin.orders.keep" />
        </button>
      </div>
    </ModalDialog>
  );
}
