import type { OrderView } from '@portal/domain';
import type { Db } from '../../db/database';
import { findOrder, ordersOf, type Order } from '../../db/repositories/orders';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { ownsOrder, type Viewer } from '../../policies';
import { orderView } from '../../presenters/order';
import { notFound } from '../errors';

/** A buyer's orders, as they read them. */
export class Orders {
  constructor(private readonly db: Db) {}

  /** The viewer's own order; anyone else's is unknown. */
  async own(org: OrganisationRecord, viewer: Viewer, orderId: string): Promise<Order> {
    const order = await findOrder(this.db, org.id, orderId);
    if (!order || !ownsOrder(viewer, order)) throw notFound('orderNotFound');
    return order;
  }

  async order(
    org: OrganisationRecord,
    viewer: Viewer,
    orderId: string,
    locale: string,
  ): Promise<OrderView> {
    return orderView(await this.own(org, viewer, orderId), locale);
  }

  /** The viewer's orders, newest first (at most 500). */
  async orders(org: OrganisationRecord, viewer: Viewer, locale: string): Promise<OrderView[]> {
    if (!viewer.userId) return [];
    return (await ordersOf(this.db, org.id, viewer.userId)).map((o) => orderView(o, locale));
  }
}
