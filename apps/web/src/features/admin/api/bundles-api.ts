import type { Bundle } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

/** The console's bundles (design §9, §15). */
export const bundlesKey = (org: string, viewer: string) =>
  [...adminKeys.all(org, viewer), 'bundles'] as const;

export function bundlesQuery(org: string, viewer: string) {
  return queryOptions({
    queryKey: bundlesKey(org, viewer),
    queryFn: ({ signal }) => call('consoleBundles', { params: { org }, signal }),
  });
}

export const createBundle = (org: string, bundle: Bundle) =>
  call('createConsoleBundle', { params: { org }, body: { bundle } });

export const saveBundle = (org: string, bundle: Bundle) =>
  call('saveConsoleBundle', { params: { org, bundleId: bundle._id }, body: { bundle } });
