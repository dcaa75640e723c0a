import { sql } from 'kysely';
import type { OrderStatus, PaymentProviderName } from '@portal/domain';
import type { Executor } from './executor';
import { ERASED } from './personal-data';

/** An order as the console lists it: its buyer, and what became of its seats. */
export interface AdminOrderRecord {
  id: string;
  buyer: { id: string; first: string; last: string; username: string; email: string };
  bundleId: string;
  bundleName: unknown;
  quantity: number;
  unitCents: number;
  percentOff: number;
  totalCents: number;
  status: OrderStatus;
  provider: PaymentProviderName;
  providerSessionId: string | null;
  createdAt: string;
  fulfilledAt: string | null;
  cohortId: string | null;
  userGroupId: string;
  userId: string;
  seats: { used: number; unused: number; revoked: number };
}

export interface AdminOrderFilter {
  state?: OrderStatus;
  bundle?: string;
  buyer?: string;
  from?: string;
  to?: string;
  /** The last order of the page before (keyset: created_at, id; newest first). */
  after?: { createdAt: string; id: string };
  limit: number;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function ordersQuery(db: Executor, orgId: string) {
  return db.kysely
    .selectFrom('orders')
    .innerJoin('users', (j) =>
      j.onRef('users.id', '=', 'orders.user_id').onRef('users.org_id', '=', 'orders.org_id'),
    )
    .select([
      'orders.id',
      'orders.bundle_id',
      'orders.bundle_name',
      'orders.quantity',
      'orders.unit_cents',
      'orders.percent_off',
      'orders.total_cents',
      'orders.status',
      'orders.provider',
      'orders.provider_session_id',
      'orders.created_at',
      'orders.fulfilled_at',
      'orders.cohort_id',
      'orders.user_group_id',
      'orders.user_id',
      'users.first_name',
      'users.last_name',
      'users.username',
      'users.email',
      'users.status as buyer_status',
    ])
    .where('orders.org_id', '=', orgId);
}

type Row = Awaited<ReturnType<ReturnType<typeof ordersQuery>['execute']>>[number];

async function withSeats(db: Executor, orgId: string, rows: Row[]): Promise<AdminOrderRecord[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.kysely
        .selectFrom('invites')
        .select((eb) => [
          'order_id',
          eb.fn.countAll<number | string>().as('n'),
          eb
            .case()
            .when('revoked_at', 'is not', null)
            .then('revoked')
            .when('used_by', 'is not', null)
            .then('used')
            .else('unused')
            .end()
            .as('state'),
        ])
        .where('org_id', '=', orgId)
        .where('order_id', 'in', ids)
        .groupBy(['order_id', 'state'])
        .execute()
    : [];
  return rows.map((r) => {
    const seats = { used: 0, unused: 0, revoked: 0 };
    for (const c of counts)
      if (c.order_id === r.id) seats[c.state as keyof typeof seats] += Number(c.n);
    // One seat is the buyer's own membership of the bundle's group, not an invitation.
    if (r.cohort_id === null && (r.status === 'fulfilled' || r.status === 'refunded'))
      seats.used = Number(r.quantity);
    return {
      id: r.id,
      buyer: {
        id: r.user_id,
        // An erased buyer's orders stay for the accounts, without a name (docs/design.md §18).
        ...(r.buyer_status === ERASED
          ? { first: '', last: '', username: '', email: '' }
          : { first: r.first_name, last: r.last_name, username: r.username, email: r.email }),
      },
      bundleId: r.bundle_id,
      bundleName: JSON.parse(r.bundle_name) as unknown,
      quantity: Number(r.quantity),
      unitCents: Number(r.unit_cents),
      percentOff: Number(r.percent_off),
      totalCents: Number(r.total_cents),
      status: r.status as OrderStatus,
      provider: r.provider as PaymentProviderName,
      providerSessionId: r.provider_session_id,
      createdAt: r.created_at,
      fulfilledAt: r.fulfilled_at,
      cohortId: r.cohort_id,
      userGroupId: r.user_group_id,
      userId: r.user_id,
      seats,
    };
  });
}

/** The organisation's orders, newest first, one page (limit + 1 rows: the caller pages). */
export async function listAdminOrders(
  db: Executor,
  orgId: string,
  filter: AdminOrderFilter,
): Promise<AdminOrderRecord[]> {
  let q = ordersQuery(db, orgId);
  if (filter.state) q = q.where('orders.status', '=', filter.state);
  if (filter.bundle) q = q.where('orders.bundle_id', '=', filter.bundle);
  if (filter.from) q = q.where('orders.created_at', '>=', filter.from);
  if (filter.to) q = q.where('orders.created_at', '<', filter.to);
  if (filter.buyer) {
    const pattern = likePattern(filter.buyer);
    q = q.where((eb) =>
      eb.or([
        eb(
          sql`lower(users.first_name || ' ' || users.last_name)`,
          'like',
          sql`${pattern} escape '\\'`,
        ),
        eb(sql`lower(users.username)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const after = filter.after;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('orders.created_at', '<', after.createdAt),
        eb.and([eb('orders.created_at', '=', after.createdAt), eb('orders.id', '<', after.id)]),
      ]),
    );
  const rows = await q
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  return withSeats(db, orgId, rows);
}

/** One order of the organisation, or undefined (another organisation's too). */
export async function findAdminOrder(
  db: Executor,
  orgId: string,
  orderId: string,
): Promise<AdminOrderRecord | undefined> {
  const rows = await ordersQuery(db, orgId).where('orders.id', '=', orderId).execute();
  return (await withSeats(db, orgId, rows))[0];
}

/** Revokes the order's seats nobody took (open or pending); answers how many. */
export async function revokeUnusedSeats(
  tx: Executor,
  orgId: string,
  orderId: string,
  at: string,
): Promise<number> {
  const result = await tx.kysely
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('org_id', '=', orgId)
    .where('order_id', '=', orderId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
