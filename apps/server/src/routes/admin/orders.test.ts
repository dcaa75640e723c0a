import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, waitFor } from '../../test/auth-helpers';
import {
  BUNDLE,
  buildCustomerWorld,
  buySeats,
  customerPack,
  must,
  newPerson,
  type CustomerWorld,
} from '../../test/cohorts';
import { DATABASE_KINDS } from '../../test/databases';
import { mustImport } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';
import { accountWithRoles } from '../../test/studio';

/**
 * The console's orders (docs/design.md §15) on a real app and database: administrators only;
 * orders list, filter and page with their seats; a refund takes back the unused seats, once, is
 * audited, and a refund the provider refuses changes nothing.
 */

const RIVAL = 'rivalshop';
type Account = Awaited<ReturnType<typeof accountWithRoles>>;

describe.each(DATABASE_KINDS)('the console’s orders on %s', (kind) => {
  let t: TestApp;
  let w: CustomerWorld;
  let admin: Account;
  let author: Account;
  let learner: Account;
  let rivalOrderId: string;

  const call = (
    method: InjectOptions['method'],
    path: string,
    who: { headers: Record<string, string> } | null = admin,
    payload?: object,
    org = w.org,
  ) =>
    t.app.inject({
      method,
      url: `/api/org/${org}/admin${path}`,
      ...(who && { headers: who.headers }),
      ...(payload && { payload }),
    });
  const auditOf = async (target: string) => {
    const res = await call('GET', `/audit?target=${encodeURIComponent(target)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().events as { action: string; before: unknown; after: unknown }[];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = await buildCustomerWorld(t);
    admin = await accountWithRoles(t, w.org, ['admin'], 'shopboss');
    author = await accountWithRoles(t, w.org, ['author'], 'shopwriter');
    learner = await accountWithRoles(t, w.org, [], 'shoplearner');
    await mustImport(t.database.db, customerPack(RIVAL));
    const rivalBuyer = await newPerson(t, RIVAL, 'rivalbuyer');
    rivalOrderId = (await buySeats(t, RIVAL, rivalBuyer, 2)).orderId;
  });
  afterAll(() => t.close());

  it('refuses the signed out (401) and everyone but administrators (403)', async () => {
    const routes: [InjectOptions['method'], string, object?][] = [
      ['GET', '/orders'],
      ['GET', `/orders/${w.a.orderId}`],
      ['POST', `/orders/${w.a.orderId}/refund`],
    ];
    const people = [
      { who: learner, why: 'learner' },
      { who: author, why: 'author' },
      { who: { headers: bearer(w.coach.token) }, why: 'group administrator' },
      { who: { headers: bearer(w.a.buyer.token) }, why: 'cohort buyer' },
    ];
    const wrong: string[] = [];
    for (const [method, path, body] of routes) {
      const out = await call(method, path, null, body);
      if (out.statusCode !== 401) wrong.push(`${method} ${path} signed out: ${out.statusCode}`);
      for (const { who, why } of people) {
        const res = await call(method, path, who, body);
        if (res.statusCode !== 403) wrong.push(`${method} ${path} ${why}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await call('GET', `/orders/${w.a.orderId}`)).json().order.status).toBe('fulfilled');
  });

  it('refuses bad filters (400) and another organisation’s order (404, nothing refunded)', async () => {
    for (const query of [
      'state=lost',
      'limit=0',
      'cursor=not!a!cursor',
      `cursor=${Buffer.from('nonsense').toString('base64url')}`,
      'from=2026-02-01&to=2026-01-01',
      'from=yesterday',
    ]) {
      const res = await call('GET', `/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toEqual(expect.any(String));
    }
    for (const [method, path] of [
      ['GET', `/orders/${rivalOrderId}`],
      ['POST', `/orders/${rivalOrderId}/refund`],
      ['GET', '/orders/no-such-order'],
    ] as const) {
      const res = await call(method, path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().errors).toEqual(['Order not found']);
    }
    // The rival's own administrator still sees it whole: nothing was refunded.
    const rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'rivalboss');
    const theirs = await call('GET', `/orders/${rivalOrderId}`, rivalAdmin, undefined, RIVAL);
    expect(theirs.json().order).toMatchObject({ status: 'fulfilled', seats: { revoked: 0 } });
    // And our list never shows it.
    const ours = (await call('GET', '/orders?limit=200')).json().orders as { _id: string }[];
    expect(ours.map((o) => o._id)).not.toContain(rivalOrderId);
  });

  it('lists orders with buyers and seats, filters them and pages by keyset', async () => {
    const all = (await call('GET', '/orders')).json();
    expect(all.orders).toHaveLength(3);
    const a = all.orders.find((o: { _id: string }) => o._id === w.a.orderId);
    expect(a).toMatchObject({
      quantity: 3,
      status: 'fulfilled',
      seats: { used: 1, unused: 2, revoked: 0 },
      buyer: { username: w.a.buyer.username },
    });
    const single = all.orders.find((o: { _id: string }) => o._id === w.parentMember.orderId);
    expect(single.seats).toEqual({ used: 1, unused: 0, revoked: 0 });
    const byBuyer = (await call('GET', `/orders?buyer=${w.a.buyer.first.toUpperCase()}`)).json();
    expect(byBuyer.orders.map((o: { _id: string }) => o._id)).toEqual([w.a.orderId]);
    expect((await call('GET', '/orders?buyer=%25')).json().orders).toEqual([]);
    expect((await call('GET', '/orders?state=pending')).json().orders).toEqual([]);
    expect((await call('GET', `/orders?bundle=${BUNDLE}`)).json().orders).toHaveLength(3);
    expect((await call('GET', '/orders?to=2000-01-01')).json().orders).toEqual([]);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { orders: { _id: string }[]; next: string | null } = (
        await call('GET', `/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.orders.map((o) => o._id));
      cursor = page.next;
    }
    expect(seen).toEqual(all.orders.map((o: { _id: string }) => o._id));
  });

  it('refunds an order: unused seats taken back, members keep theirs, once (409), audited', async () => {
    const members = () =>
      must(t.app, {
        method: 'GET',
        url: `/api/org/${w.org}/userGroup/${w.a.cohortId}/members`,
        headers: bearer(w.a.buyer.token),
      });
    expect((await members()).seats).toMatchObject({ bought: 3, used: 1 });
    const res = await call('POST', `/orders/${w.a.orderId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      seatsTakenBack: 2,
      seatsInUse: 1,
      order: { status: 'refunded', seats: { used: 1, unused: 0, revoked: 2 } },
    });
    // The buyer's cohort page shows the seats taken back.
    expect((await members()).seats).toMatchObject({ bought: 0, used: 1, free: 0 });
    const again = await call('POST', `/orders/${w.a.orderId}/refund`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatch(/already been refunded/);
    const events = await auditOf(`order:${w.a.orderId}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'order.refund',
      before: { status: 'fulfilled', seats: { unused: 2 } },
      after: { status: 'refunded', seats: { unused: 0, revoked: 2 } },
    });
    expect((await call('GET', '/orders?state=refunded')).json().orders).toHaveLength(1);
  });
});

const WEBHOOK_SECRET = 'whsec_console';
const stripe = new Stripe('sk_test_dummy');

describe.each(DATABASE_KINDS)('refunds through the Stripe stand-in on %s', (kind) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let admin: Account;
  let buyer: Awaited<ReturnType<typeof newPerson>>;
  const ORG = 'stripeshop';

  /** A Stripe order paid as Stripe confirms it: a signed checkout.session.completed. */
  async function paidOrder(quantity: number): Promise<string> {
    const bought = await must(t.app, {
      method: 'POST',
      url: `/api/org/${ORG}/bundle/${BUNDLE}/purchase`,
      headers: bearer(buyer.token),
      payload: { quantity },
    });
    const sessionId = String(bought.checkoutSession.url).split('/').pop()!;
    const session = fake.pay(sessionId);
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, currency: 'usd' } },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The webhook answers once the event is recorded; the worker fulfils it just after.
    await waitFor(async () =>
      (await orderOf(session.client_reference_id)).status === 'fulfilled' ? true : undefined,
    );
    return session.client_reference_id;
  }
  const refund = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/admin/orders/${orderId}/refund`,
      headers: admin.headers,
    });
  const orderOf = async (orderId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/org/${ORG}/admin/orders/${orderId}`,
        headers: admin.headers,
      })
    ).json().order;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(kind, {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    await mustImport(t.database.db, customerPack(ORG));
    admin = await accountWithRoles(t, ORG, ['admin'], 'stripeboss');
    buyer = await newPerson(t, ORG, 'stripebuyer');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refunds the payment intent through POST /v1/refunds with the order’s idempotency key', async () => {
    const orderId = await paidOrder(2);
    expect((await orderOf(orderId)).status).toBe('fulfilled');
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      seatsTakenBack: 2,
      seatsInUse: 0,
      order: { status: 'refunded' },
    });
    expect(fake.refunds.at(-1)).toEqual({
      paymentIntent: expect.stringMatching(/^pi_test_cs_test_/),
      idempotencyKey: `refund-${orderId}`,
    });
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(fake.refunds.filter((r) => r.idempotencyKey === `refund-${orderId}`)).toHaveLength(1);
  });

  it('leaves the order unchanged when Stripe refuses the refund (503, said clearly)', async () => {
    const orderId = await paidOrder(3);
    const before = await orderOf(orderId);
    fake.failRefunds(true);
    try {
      const res = await refund(orderId);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errors[0]).toMatch(/did not make the refund; the order is unchanged/);
    } finally {
      fake.failRefunds(false);
    }
    expect(await orderOf(orderId)).toEqual(before);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?target=order:${orderId}`,
      headers: admin.headers,
    });
    expect(audit.json().events).toEqual([]);
    expect((await refund(orderId)).statusCode).toBe(200);
  });
});
