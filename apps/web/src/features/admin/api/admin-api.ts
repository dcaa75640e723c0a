import { ADMIN_ROUTE_PATHS, knowRoutePaths, routeUrl, type AuditQuery } from '@portal/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';

// The console's routes join the table here: no learner's first load carries their paths.
knowRoutePaths(ADMIN_ROUTE_PATHS);

/** What the audit log is filtered by (the console's form; empty: not filtered). */
export type AuditFilters = Partial<Pick<AuditQuery, 'actor' | 'action' | 'target' | 'from' | 'to'>>;

/**
 * The console's query keys (design §15): each names the organisation and the viewer, since only
 * administrators may read these answers and a sign-out must not show them to the next person.
 */
export const adminKeys = {
  all: (org: string, viewer: string) => ['admin', org, viewer] as const,
  audit: (org: string, viewer: string, filters: AuditFilters) =>
    ['admin', org, viewer, 'audit', filters] as const,
};

/** The filters as the API takes them: the empty ones left out. */
const given = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditFilters;

/** GET …/admin/audit: the log newest first, a page at a time (`next` is the older page). */
export function auditQuery(org: string, viewer: string, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(org, viewer, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('adminAudit', {
        params: { org },
        query: { ...given(filters), limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (page) => page.next,
  });
}

/** Saves the log as CSV with the same filters (every event they keep). */
export function downloadAuditCsv(org: string, filters: AuditFilters): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(
    routeUrl('adminAuditCsv', { org }, given(filters)),
    `audit-${org}-${day}.csv`,
  );
}
