import type { AdminOrdersQuery } from '@portal/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';
import { adminKeys } from './admin-api';

/** The Orders list's filters (empty: not filtered). */
export type OrderFilters = Partial<
  Pick<AdminOrdersQuery, 'state' | 'bundle' | 'buyer' | 'from' | 'to'>
>;

const given = (filters: OrderFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as OrderFilters;

export const ordersKeys = {
  all: (org: string, viewer: string) => [...adminKeys.all(org, viewer), 'orders'] as const,
  list: (org: string, viewer: string, filters: OrderFilters) =>
    [...ordersKeys.all(org, viewer), given(filters)] as const,
};

/** GET …/admin/orders: the organisation's orders newest first, a page at a time. */
export function ordersQuery(org: string, viewer: string, filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: ordersKeys.list(org, viewer, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('adminOrders', {
        params: { org },
        query: { ...given(filters), limit: 30, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (page) => page.next,
  });
}

export const refundOrder = (org: string, orderId: string) =>
  call('adminRefundOrder', { params: { org, orderId } });
