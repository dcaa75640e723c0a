import type { AdminOrderView, AdminOrdersQuery, RouteAnswer } from '@portal/domain';
import { adminOrdersQuerySchema } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { RefundFailedError, type PaymentProvider } from '../../adapters/payments/payments';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import {
  findAdminOrder,
  listAdminOrders,
  revokeUnusedSeats,
  type AdminOrderRecord,
} from '../../db/repositories/admin-orders';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { inTransaction } from '../../db/repositories/executor';
import { moveOrder } from '../../db/repositories/orders';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayAdminister } from '../../policies/admin';
import type { Viewer } from '../../policies/viewer';
import { conflict, invalid, notFound, unavailable } from '../errors';
import type { UseCaseArgs } from '../use-cases';

/**
 * The console's orders (docs/design.md §9, §15): the organisation's orders with their buyers and
 * seats, and refunds through the payment provider. Administrators only.
 */
export interface OrdersDeps {
  db: Db;
  caches: Caches;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  now: () => Date;
}

function orderView(o: AdminOrderRecord): AdminOrderView {
  return {
    _id: o.id,
    buyer: {
      _id: o.buyer.id,
      name: `${o.buyer.first} ${o.buyer.last}`.trim() || o.buyer.username,
      username: o.buyer.username,
      email: o.buyer.email,
    },
    bundleId: o.bundleId,
    bundleName: o.bundleName,
    quantity: o.quantity,
    unitCents: o.unitCents,
    percentOff: o.percentOff,
    totalCents: o.totalCents,
    currency: 'usd',
    status: o.status,
    provider: o.provider,
    createdAt: o.createdAt,
    fulfilledAt: o.fulfilledAt,
    cohortId: o.cohortId,
    seats: o.seats,
  };
}

const cursorOf = (o: AdminOrderRecord) =>
  Buffer.from(`${o.createdAt}|${o.id}`, 'utf8').toString('base64url');

function positionOf(cursor: string) {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || rest.length > 0 || Number.isNaN(Date.parse(createdAt)))
    throw invalid('peopleCursorInvalid', { cursor: 'notAuditCursor' });
  return { createdAt, id };
}

async function listOrders(
  deps: OrdersDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  query: AdminOrdersQuery,
): Promise<RouteAnswer<'adminOrders'>> {
  assertMayAdminister(viewer);
  const q = adminOrdersQuerySchema.parse(query);
  const from = q.from && new Date(q.from).toISOString();
  const to = q.to && new Date(q.to).toISOString();
  if (from && to && to <= from) throw invalid('auditRangeBackwards', { to: 'mustFollowFrom' });
  const rows = await listAdminOrders(deps.db, org.id, {
    ...(q.state && { state: q.state }),
    ...(q.bundle && { bundle: q.bundle }),
    ...(q.buyer && { buyer: q.buyer }),
    ...(from && { from }),
    ...(to && { to }),
    ...(q.cursor && { after: positionOf(q.cursor) }),
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    orders: page.map(orderView),
    next: rows.length > q.limit && last ? cursorOf(last) : null,
  };
}

async function getOrder(
  deps: OrdersDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  orderId: string,
): Promise<RouteAnswer<'adminOrder'>> {
  assertMayAdminister(viewer);
  const order = await findAdminOrder(deps.db, org.id, orderId);
  if (!order) throw notFound('orderNotFound');
  return { order: orderView(order) };
}

/**
 * Refunds a fulfilled order in full through its provider (idempotent per order there), then, in
 * one transaction: the order becomes `refunded` (its seats no longer count as bought), the seats
 * nobody took are revoked, and the audit event is written. Members who took a seat keep their
 * membership (docs/decisions.md). A provider that refuses changes nothing (503).
 */
async function refundOrder(
  deps: OrdersDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  orderId: string,
): Promise<RouteAnswer<'adminRefundOrder'>> {
  const actor = assertMayAdminister(viewer);
  const before = await findAdminOrder(deps.db, org.id, orderId);
  if (!before) throw notFound('orderNotFound');
  if (before.status === 'refunded') throw conflict('orderAlreadyRefunded');
  if (before.status !== 'fulfilled') throw conflict('orderNotRefundable');
  let refundId: string;
  try {
    ({ id: refundId } = await deps.payments.refund({
      orderId: before.id,
      providerSessionId: before.providerSessionId,
      amountCents: before.totalCents,
    }));
  } catch (err) {
    if (!(err instanceof RefundFailedError)) throw err;
    deps.log.warn({ orderId, reason: err.message }, 'the payment provider refused a refund');
    throw unavailable('refundFailed');
  }
  const at = deps.now().toISOString();
  const taken = await inTransaction(deps.db, async (tx) => {
    if (!(await moveOrder(tx, before.id, ['fulfilled'], 'refunded', at)))
      throw conflict('orderAlreadyRefunded');
    const revoked = await revokeUnusedSeats(tx, org.id, before.id, at);
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'order.refund',
      target: `order:${before.id}`,
      detail: { refundId, provider: before.provider, seatsTakenBack: revoked },
      before: { status: before.status, seats: before.seats },
      after: {
        status: 'refunded',
        seats: { ...before.seats, unused: 0, revoked: before.seats.revoked + revoked },
      },
      at,
    });
    return revoked;
  });
  await deps.caches.changed({
    group: { org: org.id, group: before.cohortId ?? before.userGroupId },
  });
  const after = await findAdminOrder(deps.db, org.id, orderId);
  if (!after) throw notFound('orderNotFound');
  return { order: orderView(after), seatsTakenBack: taken, seatsInUse: after.seats.used };
}

/** The console's Orders screen. */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  list(...args: UseCaseArgs<typeof listOrders>) {
    return listOrders(this.deps, ...args);
  }
  get(...args: UseCaseArgs<typeof getOrder>) {
    return getOrder(this.deps, ...args);
  }
  refund(...args: UseCaseArgs<typeof refundOrder>) {
    return refundOrder(this.deps, ...args);
  }
}
