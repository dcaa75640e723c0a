import type { PersonSummary } from '@portal/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox, NoticeBox } from '../../../components/message-box';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api/client';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorMessage } from '../../../lib/use-error-message';
import { peopleQuery, type PeopleFilters } from '../api/people-api';
import { AdminForbidden } from '../shell/admin-gate';
import { InviteButton } from './invite-dialog';
import { PeopleFilterForm } from './people-filters';
import { PersonPanel } from './person-panel';

function filtersOf(search: URLSearchParams): PeopleFilters {
  const filters: Record<string, string> = {};
  for (const key of ['q', 'role', 'group', 'status'] as const) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return filters as PeopleFilters;
}

/** /admin/people: the organisation's accounts, searched and filtered; a person's panel. */
export function PeoplePage() {
  const intl = useIntl();
  const { org } = useOrganisation();
  const { viewer } = useSessionToken();
  const toMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const open = search.get('person');
  const list = useInfiniteQuery(peopleQuery(org.alias, viewer, filters));
  /** Who was just erased: said where the focus lands once their panel has closed. */
  const [erased, setErased] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!erased) return;
    statusRef.current?.focus({ preventScroll: true });
    // Whole, not just its top edge (on a phone it sits below the filters).
    statusRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [erased]);
  useDocumentTitle(intl.formatMessage({ id: 'admin.people.title' }));
  if (isApiError(list.error, 403)) return <AdminForbidden />;
  const people = list.data?.pages.flatMap((page) => page.people) ?? [];

  const setParams = (next: PeopleFilters, person?: string | null) => {
    setErased(null);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, String(value));
    if (person) params.set('person', person);
    setSearch(params);
  };

  return (
    <section className="admin-people" aria-labelledby="admin-people-title">
      <div className="admin-audit__header">
        <h1 id="admin-people-title">
          <FormattedMessage id="admin.people.title" />
        </h1>
        <div className="admin-people__actions">
          <InviteButton onInvited={(id) => setParams(filters, id)} />
          <Link className="button button--secondary" to="/admin/people/import">
            <FormattedMessage id="admin.people.importLink" />
          </Link>
        </div>
      </div>
      <PeopleFilterForm key={search.toString()} filters={filters} onApply={(f) => setParams(f)} />
      <div ref={statusRef} tabIndex={-1}>
        {erased && (
          <NoticeBox tone="success">
            <p>
              <FormattedMessage id="admin.people.erased" values={{ name: erased }} />
            </p>
          </NoticeBox>
        )}
      </div>
      {list.isPending ? (
        <Spinner label={<FormattedMessage id="admin.people.loading" />} />
      ) : list.isError ? (
        <ErrorBox>
          <p>{toMessage(list.error)}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.refetch()}
          >
            <FormattedMessage id="admin.people.retry" />
          </button>
        </ErrorBox>
      ) : people.length === 0 ? (
        <p className="admin-people__empty">
          <FormattedMessage
            id={Object.keys(filters).length ? 'admin.people.noneFiltered' : 'admin.people.none'}
          />
        </p>
      ) : (
        <>
          <ul
            className="admin-people__list"
            aria-label={intl.formatMessage({ id: 'admin.people.list' })}
          >
            {people.map((person) => (
              <PersonRow
                key={person._id}
                person={person}
                onOpen={() => setParams(filters, person._id)}
              />
            ))}
          </ul>
          <p role="status">
            <FormattedMessage id="admin.people.count" values={{ count: people.length }} />
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
                id={list.isFetchingNextPage ? 'admin.people.loadingMore' : 'admin.people.more'}
              />
            </button>
          )}
        </>
      )}
      {open && (
        <PersonPanel
          id={open}
          onClose={() => setParams(filters)}
          onErased={(name) => {
            setParams(filters);
            setErased(name);
          }}
        />
      )}
    </section>
  );
}

function PersonRow({ person, onOpen }: { person: PersonSummary; onOpen: () => void }) {
  const name = [person.first, person.last].filter(Boolean).join(' ') || person.username;
  return (
    <li className="admin-people__row">
      <button type="button" className="admin-people__open" onClick={onOpen}>
        <span className="admin-people__name">{name}</span>
        <span className="admin-people__email">{person.email}</span>
      </button>
      <span className={`admin-people__status admin-people__status--${person.status}`}>
        <FormattedMessage id={`admin.people.status.${person.status}`} />
      </span>
      <span className="admin-people__roles">
        {person.roles.map((role) => (
          <span key={role} className="admin-people__role">
            <FormattedMessage id={`admin.people.role.${role}`} />
          </span>
        ))}
      </span>
    </li>
  );
}
