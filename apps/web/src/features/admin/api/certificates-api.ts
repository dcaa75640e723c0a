import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

export const certificatesKeys = {
  all: (org: string, viewer: string) => [...adminKeys.all(org, viewer), 'certificates'] as const,
  list: (org: string, viewer: string, learner: string) =>
    [...certificatesKeys.all(org, viewer), learner] as const,
};

/** GET …/admin/certificates: the organisation's certificates newest first, a page at a time. */
export function certificatesQuery(org: string, viewer: string, learner: string) {
  return infiniteQueryOptions({
    queryKey: certificatesKeys.list(org, viewer, learner),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('adminCertificates', {
        params: { org },
        query: { limit: 30, ...(learner && { learner }), ...(pageParam && { cursor: pageParam }) },
        signal,
      }),
    getNextPageParam: (page) => page.next,
  });
}

export const revokeCertificate = (org: string, certificateId: string, reason: string) =>
  call('revokeCertificate', { params: { org, certificateId }, body: { reason } });
