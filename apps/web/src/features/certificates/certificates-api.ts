import { CERTIFICATE_ROUTE_PATHS, knowRoutePaths } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api/client';

// The certificates' routes join the table with this code: a learner's first load has none.
knowRoutePaths(CERTIFICATE_ROUTE_PATHS);

export function verifyQuery(certificateId: string, locale: string) {
  return queryOptions({
    queryKey: ['verify', certificateId, locale],
    queryFn: ({ signal }) =>
      call('verifyCertificate', { params: { certificateId }, query: { locale }, signal }),
    retry: false,
  });
}

export function myCertificatesQuery(org: string, viewer: string, locale: string) {
  return queryOptions({
    queryKey: ['certificates', org, viewer, locale],
    queryFn: ({ signal }) => call('myCertificates', { params: { org }, query: { locale }, signal }),
  });
}
