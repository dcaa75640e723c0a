import type { PeopleQuery, PersonRole } from '@portal/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

/** The People list's search and filters (empty: not filtered). */
export type PeopleFilters = Partial<Pick<PeopleQuery, 'q' | 'role' | 'group' | 'status'>>;

const given = (filters: PeopleFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as PeopleFilters;

export const peopleKeys = {
  all: (org: string, viewer: string) => [...adminKeys.all(org, viewer), 'people'] as const,
  list: (org: string, viewer: string, filters: PeopleFilters) =>
    [...peopleKeys.all(org, viewer), 'list', given(filters)] as const,
  person: (org: string, viewer: string, id: string) =>
    [...peopleKeys.all(org, viewer), 'person', id] as const,
  import: (org: string, viewer: string, id: string) =>
    [...peopleKeys.all(org, viewer), 'import', id] as const,
};

/** GET …/admin/people: the organisation's accounts in email order, a page at a time. */
export function peopleQuery(org: string, viewer: string, filters: PeopleFilters) {
  return infiniteQueryOptions({
    queryKey: peopleKeys.list(org, viewer, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('adminPeople', {
        params: { org },
        query: { ...given(filters), limit: 30, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (page) => page.next,
  });
}

export function personQuery(org: string, viewer: string, id: string) {
  return queryOptions({
    queryKey: peopleKeys.person(org, viewer, id),
    queryFn: ({ signal }) => call('adminPerson', { params: { org, accountId: id }, signal }),
  });
}

/** An import's progress, polled every half second until it is done or failed. */
export function importQuery(org: string, viewer: string, id: string) {
  return queryOptions({
    queryKey: peopleKeys.import(org, viewer, id),
    queryFn: ({ signal }) =>
      call('adminPeopleImportStatus', { params: { org, importId: id }, signal }),
    refetchInterval: (query) =>
      ['done', 'failed'].includes(query.state.data?.import.status ?? '') ? false : 500,
  });
}

export const peopleApi = {
  invite: (
    org: string,
    body: { email: string; first: string; last: string; roles: PersonRole[]; groups: string[] },
  ) => call('adminInvitePerson', { params: { org }, body }),
  resend: (org: string, id: string) =>
    call('adminResendInvitation', { params: { org, accountId: id } }),
  roles: (org: string, id: string, roles: PersonRole[]) =>
    call('adminPersonRoles', { params: { org, accountId: id }, body: { roles } }),
  group: (org: string, id: string, group: string, role: 'member' | 'admin' | null) =>
    call('adminPersonGroup', { params: { org, accountId: id }, body: { group, role } }),
  deactivate: (org: string, id: string) =>
    call('adminDeactivatePerson', { params: { org, accountId: id } }),
  reactivate: (org: string, id: string) =>
    call('adminReactivatePerson', { params: { org, accountId: id } }),
  exportData: (org: string, id: string) =>
    call('adminExportPerson', { params: { org, accountId: id } }),
  /** The administrator confirms with their own password (none: a log-in of the last minutes). */
  erase: (org: string, id: string, password: string | undefined) =>
    call('adminErasePerson', {
      params: { org, accountId: id },
      body: password === undefined ? {} : { password },
    }),
  dryRun: (org: string, csv: string) =>
    call('adminPeopleDryRun', { params: { org }, body: { csv } }),
  startImport: (org: string, csv: string) =>
    call('adminPeopleImport', { params: { org }, body: { csv } }),
};
