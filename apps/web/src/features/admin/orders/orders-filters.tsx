import type { OrderStatus } from '@portal/domain';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderFilters } from '../api/orders-api';
import { dayAfter, dayBefore } from '../shell/days';

/** The order states, a type-checked copy (the domain's value would grow the learner's build). */
export const ORDER_STATES = [
  'pending',
  'paid',
  'fulfilled',
  'cancelled',
  'expired',
  'refunded',
] as const satisfies readonly OrderStatus[];
/** Fails to compile while a state of the domain is missing above. */
export const EVERY_STATE_NAMED: Exclude<OrderStatus, (typeof ORDER_STATES)[number]> extends never
  ? true
  : never = true;

/** The Orders list's filters, applied together (kept in the address). */
export function OrderFilterForm({
  filters,
  bundles,
  onApply,
}: {
  filters: OrderFilters;
  /** The bundles to filter by: id and name in the reader's language. */
  bundles: readonly { id: string; name: string }[];
  onApply: (f: OrderFilters) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [buyer, setBuyer] = useState(filters.buyer ?? '');
  const [state, setState] = useState<string>(filters.state ?? '');
  const [bundle, setBundle] = useState(filters.bundle ?? '');
  const [from, setFrom] = useState(filters.from?.slice(0, 10) ?? '');
  const [to, setTo] = useState(filters.to ? dayBefore(filters.to.slice(0, 10)) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      buyer: buyer.trim() || undefined,
      state: (state || undefined) as OrderFilters['state'],
      bundle: bundle || undefined,
      from: from || undefined,
      to: to ? dayAfter(to) : undefined,
    });
  };
  return (
    <form
      className="admin-people__filters"
      role="search"
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'admin.orders.searchForm' })}
    >
      <div className="field admin-people__q">
        <label className="field__label" htmlFor={`${id}-buyer`}>
          <FormattedMessage id="admin.orders.filter.buyer" />
        </label>
        <input
          id={`${id}-buyer`}
          className="field__input"
          type="search"
          value={buyer}
          onChange={(e) => setBuyer(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-state`}>
          <FormattedMessage id="admin.orders.filter.state" />
        </label>
        <select
          id={`${id}-state`}
          className="field__input"
          value={state}
          onChange={(e) => setState(e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'admin.orders.filter.any' })}</option>
          {ORDER_STATES.map((each) => (
            <option key={each} value={each}>
              {intl.formatMessage({ id: `admin.orders.state.${each}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-bundle`}>
          <FormattedMessage id="admin.orders.filter.bundle" />
        </label>
        <select
          id={`${id}-bundle`}
          className="field__input"
          value={bundle}
          onChange={(e) => setBundle(e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'admin.orders.filter.any' })}</option>
          {bundles.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          <FormattedMessage id="admin.orders.filter.from" />
        </label>
        <input
          id={`${id}-from`}
          className="field__input"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          <FormattedMessage id="admin.orders.filter.to" />
        </label>
        <input
          id={`${id}-to`}
          className="field__input"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <div className="admin-audit__filter-actions">
        <button type="submit" className="button button--primary">
          <FormattedMessage id="admin.orders.filter.apply" />
        </button>
      </div>
    </form>
  );
}
