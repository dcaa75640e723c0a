import { localise, type OrderView } from '@portal/domain';
import type { Order } from '../db/repositories/orders';

/** An order as its buyer sees it, the bundle's name in `locale`. */
export function orderView(order: Order, locale: string): OrderView {
  return {
    _id: order.id,
    bundleId: order.bundleId,
    bundleName: localise(order.bundleName, locale),
    quantity: order.quantity,
    unitCents: order.unitCents,
    percentOff: order.percentOff,
    totalCents: order.totalCents,
    currency: order.currency,
    status: order.status,
    provider: order.provider,
    createdAt: order.createdAt,
    cohortId: order.cohortId,
  };
}
