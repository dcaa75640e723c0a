import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PeopleFilters } from '../api/people-api';
import { GroupSelect } from './group-select';

const ROLES = ['learner', 'author', 'admin'] as const;
const STATUSES = ['active', 'invited', 'deactivated'] as const;

/** The People list's search box and filters, applied together (kept in the address). */
export function PeopleFilterForm({
  filters,
  onApply,
}: {
  filters: PeopleFilters;
  onApply: (f: PeopleFilters) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [q, setQ] = useState(filters.q ?? '');
  const [role, setRole] = useState<string>(filters.role ?? '');
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [group, setGroup] = useState(filters.group ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      q: q.trim() || undefined,
      role: (role || undefined) as PeopleFilters['role'],
      status: (status || undefined) as PeopleFilters['status'],
      group: group || undefined,
    });
  };
  return (
    <form
      className="admin-people__filters"
      role="search"
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'admin.people.searchForm' })}
    >
      <div className="field admin-people__q">
        <label className="field__label" htmlFor={`${id}-q`}>
          <FormattedMessage id="admin.people.search" />
        </label>
        <input
          id={`${id}-q`}
          className="field__input"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-role`}>
          <FormattedMessage id="admin.people.filter.role" />
        </label>
        <select
          id={`${id}-role`}
          className="field__input"
          value={role}
          onChange={(e) => setRole(e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'admin.people.filter.any' })}</option>
          {ROLES.map((each) => (
            <option key={each} value={each}>
              {intl.formatMessage({ id: `admin.people.role.${each}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          <FormattedMessage id="admin.people.filter.status" />
        </label>
        <select
          id={`${id}-status`}
          className="field__input"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'admin.people.filter.any' })}</option>
          {STATUSES.map((each) => (
            <option key={each} value={each}>
              {intl.formatMessage({ id: `admin.people.status.${each}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-group`}>
          <FormattedMessage id="admin.people.filter.group" />
        </label>
        <GroupSelect
          id={`${id}-group`}
          value={group}
          onChange={setGroup}
          emptyLabel={intl.formatMessage({ id: 'admin.people.filter.any' })}
        />
      </div>
      <div className="admin-audit__filter-actions">
        <button type="submit" className="button button--primary">
          <FormattedMessage id="admin.people.filter.apply" />
        </button>
      </div>
    </form>
  );
}
