import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { inTransaction } from './executor';
import { findJob, findJobByKey, insertJob, type NewJob } from './jobs';
import { insertOrder, recordPaymentEvent, type PaymentEventRecord } from './orders';
import { findOrganisation } from './organisations';

const AT = '2026-11-28T10:00:00.000Z';

const jobFor = (eventId: string, id = `job-${eventId}`): NewJob => ({
  id,
  kind: 'payment-event',
  orgId: null,
  payload: JSON.stringify({ eventId, orderId: 'o' }),
  maxAttempts: 20,
  runAt: AT,
  idempotencyKey: `payment-event:${eventId}`,
  at: AT,
});

describe.each(DATABASE_KINDS)('a payment event and its job, recorded together on %s', (kind) => {
  let t: TestDatabase;
  let orgId: string;
  const event = (id: string, overrides: Partial<PaymentEventRecord> = {}): PaymentEventRecord => ({
    id,
    orderId: 'order-1',
    provider: 'stripe',
    amountCents: 4_900,
    currency: 'usd',
    type: 'checkout.session.completed',
    at: AT,
    ...overrides,
  });
  const eventRow = (id: string) =>
    t.db.kysely.selectFrom('payment_events').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await mustImport(t.db, makePack('payments'));
    orgId = (await findOrganisation(t.db, 'payments'))!.id;
    await insertOrder(t.db, {
      id: 'order-1',
      orgId,
      userId: 'buyer-1',
      bundleId: 'bundle-1',
      bundleName: 'Bundle',
      userGroupId: 'group-1',
      cohortId: null,
      quantity: 1,
      unitCents: 4_900,
      percentOff: 0,
      totalCents: 4_900,
      currency: 'usd',
      status: 'pending',
      provider: 'stripe',
      providerSessionId: null,
      locale: 'en-US',
      createdAt: AT,
      updatedAt: AT,
      fulfilledAt: null,
    });
  });
  afterAll(async () => {
    await t.drop();
  });

  it('records the event with its job, in the order’s organisation, once', async () => {
    expect(await recordPaymentEvent(t.db, event('stripe:evt_1'), jobFor('evt_1'))).toBe(true);
    expect(await eventRow('stripe:evt_1')).toMatchObject({ org_id: orgId, status: 'received' });
    expect(await findJob(t.db, 'job-evt_1')).toMatchObject({
      kind: 'payment-event',
      orgId,
      status: 'queued',
      attempts: 0,
      maxAttempts: 20,
      idempotencyKey: 'payment-event:evt_1',
    });
    // The same event again: nothing more (neither a second event nor a second job).
    expect(
      await recordPaymentEvent(t.db, event('stripe:evt_1'), jobFor('evt_1', 'job-evt_1-again')),
    ).toBe(false);
    expect(await findJob(t.db, 'job-evt_1-again')).toBeUndefined();
  });

  it('records neither when the payment does not match its order', async () => {
    for (const [id, wrong] of [
      ['stripe:evt_amount', { amountCents: 100 }],
      ['stripe:evt_currency', { currency: 'cad' }],
      ['stripe:evt_provider', { provider: 'local' }],
      ['stripe:evt_order', { orderId: 'no-such-order' }],
    ] as const) {
      expect(await recordPaymentEvent(t.db, event(id, wrong), jobFor(id))).toBe(false);
      expect(await eventRow(id)).toBeUndefined();
      expect(await findJobByKey(t.db, `payment-event:${id}`)).toBeUndefined();
    }
  });

  it('records neither when the job cannot be written (both or nothing)', async () => {
    await insertJob(t.db, { ...jobFor('taken'), idempotencyKey: null });
    await expect(
      recordPaymentEvent(t.db, event('stripe:evt_2'), jobFor('evt_2', 'job-taken')),
    ).rejects.toThrow();
    expect(await eventRow('stripe:evt_2')).toBeUndefined();
    // And the connection is usable afterwards: the same event records.
    expect(await recordPaymentEvent(t.db, event('stripe:evt_2'), jobFor('evt_2'))).toBe(true);
  });

  it('waits for a transaction open on the connection instead of joining it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Another use case's transaction, waiting between its statements, then rolled back.
    const other = inTransaction(t.db, async (tx) => {
      await tx.kysely.selectFrom('orders').select('id').execute();
      entered();
      await held;
      throw new Error('rolled back');
    }).catch((err: Error) => err.message);
    await inside;
    const recording = recordPaymentEvent(t.db, event('stripe:evt_3'), jobFor('evt_3'));
    // A turn of the event loop: SQLite's batch of recordings (below) meets the open transaction.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await other).toBe('rolled back');
    expect(await recording).toBe(true);
    // The rollback of the other transaction took nothing of the recording with it.
    expect(await eventRow('stripe:evt_3')).toMatchObject({ status: 'received' });
    expect(await findJob(t.db, 'job-evt_3')).toMatchObject({ status: 'queued' });
  });

  it('records a burst asked in one turn together, each with its own outcome', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `stripe:evt_burst_${i}`);
    const outcomes = await Promise.all([
      ...ids.map((id) => recordPaymentEvent(t.db, event(id), jobFor(id))),
      // Recorded before: nothing new.
      recordPaymentEvent(t.db, event('stripe:evt_1'), jobFor('evt_1', 'job-evt_1-burst')),
      // Does not match its order.
      recordPaymentEvent(t.db, event('stripe:evt_burst_wrong', { amountCents: 1 }), jobFor('w')),
      // The same event twice in the burst: recorded once.
      recordPaymentEvent(t.db, event('stripe:evt_burst_twice'), jobFor('twice', 'job-twice-1')),
      recordPaymentEvent(t.db, event('stripe:evt_burst_twice'), jobFor('twice', 'job-twice-2')),
    ]);
    expect(outcomes.slice(0, 14)).toEqual([...ids.map(() => true), false, false]);
    expect(outcomes.slice(14).sort()).toEqual([false, true]);
    for (const id of ids) {
      expect(await eventRow(id)).toMatchObject({ status: 'received' });
      expect(await findJobByKey(t.db, `payment-event:${id}`)).toMatchObject({ status: 'queued' });
    }
    expect(await findJob(t.db, 'job-evt_1-burst')).toBeUndefined();
    expect(await eventRow('stripe:evt_burst_wrong')).toBeUndefined();
    expect(await findJobByKey(t.db, 'payment-event:w')).toBeUndefined();
    expect(await findJobByKey(t.db, 'payment-event:twice')).toBeDefined();
    if (kind === 'postgres') {
      // One transaction for them all (PostgreSQL says which wrote a row: xmin).
      const { rows } = await sql<{ xmin: string }>`select distinct xmin::text from payment_events
        where id in (${sql.join(ids)})`.execute(t.db.kysely);
      expect(rows).toHaveLength(1);
    }
  });

  it('fails one recording of a burst alone', async () => {
    await insertJob(t.db, { ...jobFor('taken-too'), idempotencyKey: null });
    const ids = Array.from({ length: 5 }, (_, i) => `stripe:evt_alone_${i}`);
    const outcomes = await Promise.allSettled([
      ...ids.map((id) => recordPaymentEvent(t.db, event(id), jobFor(id))),
      // Its job cannot be written: this one fails, alone.
      recordPaymentEvent(t.db, event('stripe:evt_alone_fails'), jobFor('f', 'job-taken-too')),
    ]);
    expect(outcomes.slice(0, 5)).toEqual(ids.map(() => ({ status: 'fulfilled', value: true })));
    expect(outcomes[5]!.status).toBe('rejected');
    for (const id of ids) expect(await eventRow(id)).toMatchObject({ status: 'received' });
    expect(await eventRow('stripe:evt_alone_fails')).toBeUndefined();
  });
});
