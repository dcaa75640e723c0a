import type { OrderStatus, PaymentProviderName } from '@portal/domain';
import { CompiledQuery, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../database';
import type { Database, OrdersTable } from '../schema';
import { keepPrepared } from '../statement-names';
import { prepared, preparedSync } from '../prepared';
import { inTransaction, perDatabase, type Executor } from './executor';
import { insertJob, type NewJob } from './jobs';

/** An order of seats of a bundle, amounts in integer cents. */
export interface Order {
  id: string;
  orgId: string;
  userId: string;
  bundleId: string;
  /** The bundle's name by locale, when the order was made. */
  bundleName: string | Record<string, string>;
  userGroupId: string;
  quantity: number;
  unitCents: number;
  percentOff: number;
  totalCents: number;
  currency: 'usd';
  status: OrderStatus;
  provider: PaymentProviderName;
  providerSessionId: string | null;
  locale: string;
  createdAt: string;
  updatedAt: string;
  fulfilledAt: string | null;
  /** The buyer's cohort that holds the seats (two or more), once fulfilled. */
  cohortId: string | null;
}

/** A row of `orders` as stored (schema.ts). */
type OrderRow = Selectable<OrdersTable>;

const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  bundleId: r.bundle_id,
  bundleName: JSON.parse(r.bundle_name) as Order['bundleName'],
  userGroupId: r.user_group_id,
  quantity: Number(r.quantity),
  unitCents: Number(r.unit_cents),
  percentOff: Number(r.percent_off),
  totalCents: Number(r.total_cents),
  currency: 'usd',
  status: r.status as OrderStatus,
  provider: r.provider as PaymentProviderName,
  providerSessionId: r.provider_session_id,
  locale: r.locale,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  fulfilledAt: r.fulfilled_at,
  cohortId: r.cohort_id,
});

export async function insertOrder(db: Executor, order: Order): Promise<void> {
  await db.kysely
    .insertInto('orders')
    .values({
      id: order.id,
      org_id: order.orgId,
      user_id: order.userId,
      bundle_id: order.bundleId,
      bundle_name: JSON.stringify(order.bundleName),
      user_group_id: order.userGroupId,
      quantity: order.quantity,
      unit_cents: order.unitCents,
      percent_off: order.percentOff,
      total_cents: order.totalCents,
      currency: order.currency,
      status: order.status,
      provider: order.provider,
      provider_session_id: order.providerSessionId,
      locale: order.locale,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      fulfilled_at: order.fulfilledAt,
    })
    .execute();
}

/** Puts a fulfilled order's seats in the buyer's cohort (in the fulfilment's transaction). */
export async function setOrderCohort(
  db: Executor,
  orderId: string,
  cohortId: string,
): Promise<void> {
  await db.kysely
    .updateTable('orders')
    .set({ cohort_id: cohortId })
    .where('id', '=', orderId)
    .execute();
}

/** An order of the organisation by id. */
export async function findOrder(
  db: Executor,
  orgId: string,
  orderId: string,
): Promise<Order | undefined> {
  const row = await db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row && toOrder(row);
}

/** A learner's orders in the organisation, newest first. */
export async function ordersOf(db: Executor, orgId: string, userId: string): Promise<Order[]> {
  const rows = await db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toOrder);
}

const findByIdQuery = perDatabase((db) =>
  prepared(
    db.kysely,
    (k, orderId: string) => k.selectFrom('orders').selectAll().where('id', '=', orderId),
    1,
  ),
);

/**
 * An order by id, whatever its organisation (a provider's confirmation names only the order).
 * Compiled once: every webhook delivery asks it.
 */
export async function findOrderById(db: Executor, orderId: string): Promise<Order | undefined> {
  const [row] = await findByIdQuery(db)(orderId);
  return row && toOrder(row);
}

export async function setProviderSession(
  db: Executor,
  orderId: string,
  sessionId: string,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('orders')
    .set({ provider_session_id: sessionId, updated_at: at })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Moves an order to `to` only from one of the statuses `from`: one conditional UPDATE, so of two
 * concurrent moves exactly one changes the row. True when this call moved it.
 */
export async function moveOrder(
  db: Executor,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  at: string,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('orders')
    .set({
      status: to,
      updated_at: at,
      ...(to === 'fulfilled' && { fulfilled_at: at }),
    })
    .where('id', '=', orderId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A provider's payment confirmation, as the inbox records it. */
export interface PaymentEventRecord {
  id: string;
  orderId: string;
  provider: string;
  amountCents: number;
  currency: string;
  type: string;
  at: string;
}

type EventArgs = [
  id: string,
  orderId: string,
  provider: string,
  amountCents: number,
  currency: string,
  type: string,
  at: string,
];
type JobArgs = [
  id: string,
  kind: string,
  payload: string,
  maxAttempts: number,
  runAt: string,
  idempotencyKey: string | null,
  at: string,
];
const argsOf = (e: PaymentEventRecord, j: NewJob): [...EventArgs, ...JobArgs] => [
  e.id,
  e.orderId,
  e.provider,
  e.amountCents,
  e.currency,
  e.type,
  e.at,
  j.id,
  j.kind,
  j.payload,
  j.maxAttempts,
  j.runAt,
  j.idempotencyKey,
  j.at,
];

/** The event's row when its order exists with this provider, amount and currency (else none). */
const insertEvent = (
  k: Kysely<Database>,
  ...[id, orderId, provider, amountCents, currency, type, at]: EventArgs
) =>
  k
    .insertInto('payment_events')
    .columns(['id', 'org_id', 'order_id', 'type', 'received_at', 'status'])
    .expression((eb) =>
      eb
        .selectFrom('orders')
        .select([
          eb.val(id).as('id'),
          'orders.org_id',
          'orders.id as order_id',
          eb.val(type).as('type'),
          eb.val(at).as('received_at'),
          eb.val('received').as('status'),
        ])
        .where('orders.id', '=', orderId)
        .where('orders.provider', '=', provider)
        .where('orders.total_cents', '=', amountCents)
        .where('orders.currency', '=', currency),
    )
    .onConflict((oc) => oc.column('id').doNothing());

/** The job's columns, beside the organisation id its source row gives. */
const JOB_COLUMNS = [
  'org_id',
  'id',
  'kind',
  'payload',
  'status',
  'attempts',
  'max_attempts',
  'run_at',
  'idempotency_key',
  'created_at',
  'updated_at',
] as const;
const jobValues = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  ...[id, kind, payload, maxAttempts, runAt, idempotencyKey, at]: JobArgs
) => [
  eb.val(id).as('id'),
  eb.val(kind).as('kind'),
  eb.val(payload).as('payload'),
  eb.val('queued').as('status'),
  eb.lit(0).as('attempts'),
  eb.val(maxAttempts).as('max_attempts'),
  eb.val(runAt).as('run_at'),
  eb.val(idempotencyKey).as('idempotency_key'),
  eb.val(at).as('created_at'),
  eb.val(at).as('updated_at'),
];

/**
 * SQLite: the same two inserts run synchronously in one transaction, with nothing of the process
 * in between (better-sqlite3 runs a statement synchronously).
 */
const recordSync = perDatabase((db) => {
  const sqlite = (db as Db).sqlite;
  if (!sqlite) throw new Error('recording synchronously needs the SQLite connection');
  return {
    sqlite,
    event: preparedSync(db as Db, insertEvent, 7),
    job: preparedSync(
      db as Db,
      (k, orderId: string, ...job: JobArgs) =>
        k
          .insertInto('jobs')
          .columns([...JOB_COLUMNS])
          .expression((eb) =>
            eb
              .selectFrom('orders')
              .select((eb) => ['orders.org_id', ...jobValues(eb, ...job)])
              .where('orders.id', '=', orderId),
          )
          .onConflict((oc) => oc.column('idempotency_key').doNothing()),
      8,
    ),
    begin: sqlite.prepare('begin immediate'),
    commit: sqlite.prepare('commit'),
    rollback: sqlite.prepare('rollback'),
  };
});

/**
 * Records a provider's payment as `received`, with the job that fulfils it (`job`), only when it
 * matches its order: the order exists and has this provider, amount and currency. Both or
 * neither, in one transaction shared by the recordings asked in the same turn of the event loop
 * (RecordingBatch, below): one statement on PostgreSQL; one synchronous transaction on SQLite, or
 * the caller's Kysely transaction when one is open on the connection. False when nothing was
 * recorded: the event was recorded before (its id is the primary key: `on conflict do nothing`,
 * so a duplicate neither fails nor aborts anything), or the payment matches no order. The
 * webhook's only write; the promise resolves once it is committed.
 */
export function recordPaymentEvent(
  db: Db,
  event: PaymentEventRecord,
  job: NewJob,
): Promise<boolean> {
  return new Promise((resolve, reject) =>
    recordingBatch(db).add({ db, job, args: argsOf(event, job), resolve, reject }),
  );
}

interface Recording {
  db: Db;
  job: NewJob;
  args: [...EventArgs, ...JobArgs];
  resolve: (added: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for payment events. A burst of deliveries (a provider retrying, or sending many
 * at once) is read in one turn of the event loop; their recordings are committed together once
 * that turn's reading is done (`setImmediate`): one transaction, one commit (and on PostgreSQL
 * one round trip) instead of one per event. Each webhook still answers only once its event is
 * committed. Should the shared transaction fail, each recording is run again on its own, so that
 * one event's failure is that event's alone.
 */
class RecordingBatch {
  private pending: Recording[] = [];

  constructor(
    /** Records them all in one transaction: each one's outcome, in order. */
    private readonly together: (batch: Recording[]) => Promise<boolean[]> | boolean[],
    /** When they must be recorded one by one instead (SQLite: a Kysely transaction is open). */
    private readonly oneByOne?: { when: () => boolean; record: (r: Recording) => Promise<boolean> },
  ) {}

  add(recording: Recording): void {
    if (this.pending.push(recording) === 1) setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (this.oneByOne?.when()) {
      const { record } = this.oneByOne;
      for (const r of batch)
        Promise.resolve()
          .then(() => record(r))
          .then(r.resolve, r.reject);
      return;
    }
    let outcomes: boolean[];
    try {
      outcomes = await this.together(batch);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const r of batch)
        Promise.resolve()
          .then(() => this.together([r]))
          .then(([added]) => r.resolve(added!), r.reject);
      return;
    }
    batch.forEach((r, i) => r.resolve(outcomes[i]!));
  }
}

const recordingBatch = perDatabase((executor) => {
  const db = executor as Db;
  if (db.dialect === 'postgres') {
    const record = recordQuery(db);
    return new RecordingBatch(async (batch) => {
      const recorded = new Set(await record(batch.map((r) => r.args)));
      return batch.map((r) => recorded.has(r.job.id));
    });
  }
  const q = recordSync(db);
  return new RecordingBatch(
    (batch) => {
      q.begin.run();
      try {
        const outcomes = batch.map(({ args }) => {
          const added = q.event.run(...(args.slice(0, 7) as EventArgs)) === 1;
          if (added) q.job.run(args[1], ...(args.slice(7) as JobArgs));
          return added;
        });
        q.commit.run();
        return outcomes;
      } catch (err) {
        if (q.sqlite.inTransaction) q.rollback.run();
        throw err;
      }
    },
    // A Kysely transaction waits between its statements: go through Kysely's queue behind it.
    { when: () => q.sqlite.inTransaction, record: recordInKysely },
  );
});

function recordInKysely({ db, job, args }: Recording): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const added = await insertEvent(
      tx.kysely,
      ...(args.slice(0, 7) as EventArgs),
    ).executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await insertJob(tx, job);
    return true;
  });
}

/**
 * PostgreSQL: the events and their jobs in one statement, each column an array (`unnest`), a
 * data-modifying CTE: a job is inserted from its event's row only when the event was (insertEvent's
 * check of the order, over arrays). One round trip, no transaction held open. Answers the ids of
 * the jobs inserted: an event whose job is among them was recorded.
 */
const RECORD_SQL = `with v as (
  select * from unnest(
    $1::varchar[], $2::varchar[], $3::varchar[], $4::integer[], $5::varchar[], $6::varchar[],
    $7::varchar[], $8::varchar[], $9::varchar[], $10::text[], $11::integer[], $12::varchar[],
    $13::varchar[], $14::varchar[]
  ) as v(id, order_id, provider, amount_cents, currency, type, at,
    job_id, kind, payload, max_attempts, run_at, idempotency_key, job_at)
), recorded as (
  insert into payment_events (id, org_id, order_id, type, received_at, status)
  select v.id, orders.org_id, orders.id, v.type, v.at, 'received'
  from v join orders on orders.id = v.order_id and orders.provider = v.provider
    and orders.total_cents = v.amount_cents and orders.currency = v.currency
  on conflict (id) do nothing
  returning id, org_id
)
insert into jobs (${JOB_COLUMNS.join(', ')})
select recorded.org_id, v.job_id, v.kind, v.payload, 'queued', 0, v.max_attempts, v.run_at,
  v.idempotency_key, v.job_at, v.job_at
from recorded join v on v.id = recorded.id
on conflict (idempotency_key) do nothing
returning id`;

const recordQuery = perDatabase((db) => {
  keepPrepared(RECORD_SQL);
  return async (rows: [...EventArgs, ...JobArgs][]): Promise<string[]> => {
    const columns = Array.from({ length: 14 }, (_, i) => rows.map((row) => row[i]));
    const result = await db.kysely.executeQuery<{ id: string }>(
      CompiledQuery.raw(RECORD_SQL, columns),
    );
    return result.rows.map((row) => row.id);
  };
});

/** Events recorded but not yet fulfilled, oldest first. */
export async function receivedPaymentEvents(
  db: Executor,
  limit: number,
): Promise<{ id: string; orderId: string }[]> {
  const rows = await db.kysely
    .selectFrom('payment_events')
    .select(['id', 'order_id'])
    .where('status', '=', 'received')
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, orderId: r.order_id }));
}

/**
 * Marks a received event done: one conditional UPDATE, so of two workers (two processes) exactly
 * one claims it. Run in the fulfilment's transaction, so the claim and the fulfilment commit or
 * roll back together. True when this call claimed it.
 */
export async function claimPaymentEvent(db: Executor, id: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('payment_events')
    .set({ status: 'done' })
    .where('id', '=', id)
    .where('status', '=', 'received')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countPaymentEvents(db: Executor, orderId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('payment_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
