import type { OrderView } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** `viewer` is part of the key: only the buyer may read an order. */
export const orderKeys = {
  list: (alias: string, viewer: string) => ['orders', alias, viewer] as const,
  detail: (alias: string, orderId: string, viewer: string) =>
    ['order', alias, orderId, viewer] as const,
};

/** GET /api/org/{alias}/order: the signed-in learner's orders, newest first. */
export function ordersQuery(alias: string, viewer: string) {
  return queryOptions({
    queryKey: orderKeys.list(alias, viewer),
    queryFn: async ({ signal }) => {
      const { orders } = await call('orders', { params: { org: alias }, signal });
      return orders;
    },
  });
}

/** GET /api/org/{alias}/order/{orderId}: the signed-in buyer's order. */
export function orderQuery(alias: string, orderId: string, viewer: string) {
  return queryOptions({
    queryKey: orderKeys.detail(alias, orderId, viewer),
    queryFn: async ({ signal }) => {
      const { order } = await call('order', { params: { org: alias, orderId }, signal });
      return order;
    },
  });
}

/** POST …/order/{orderId}/pay: the local test checkout's Pay (PAYMENTS=local only). */
export async function payOrder(alias: string, orderId: string): Promise<OrderView> {
  const { order } = await call('payOrder', { params: { org: alias, orderId } });
  return order;
}

/** POST …/order/{orderId}/cancel: gives up a pending order. */
export async function cancelOrder(alias: string, orderId: string): Promise<OrderView> {
  const { order } = await call('cancelOrder', { params: { org: alias, orderId } });
  return order;
}
