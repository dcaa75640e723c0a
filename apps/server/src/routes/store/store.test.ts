import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { buildApp } from '../../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';

const STARTER = { price: 49, tiers: [{ minSeats: 5, percentOff: 10 }] };

/** Every .eml of the outbox that went to `email`. */
function mailsTo(t: TestApp, email: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(email));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function importPacks(t: TestApp) {
  await mustImport(
    t.database.db,
    makePack('doughmain', {
      bundles: [
        {
          _id: 'bundle-1',
          name: { 'en-US': 'Starter', 'fr-CA': 'Départ' },
          price: STARTER.price,
          userGroup: 'insiders',
          discountTiers: STARTER.tiers,
        },
        {
          _id: 'bundle-odd',
          name: 'Odd cents',
          price: 19.99,
          userGroup: 'insiders',
          discountTiers: [{ minSeats: 5, percentOff: 15 }],
        },
      ] as never,
    }),
  );
  await mustImport(
    t.database.db,
    makePack('acme', {
      bundles: [
        { _id: 'acme-bundle', name: 'Acme', price: 10, userGroup: 'insiders', discountTiers: [] },
      ] as never,
    }),
  );
}

function storeClient(t: TestApp) {
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    call,
    purchase: (token: string | undefined, bundleId: string, payload: unknown, org = 'doughmain') =>
      call('POST', `/api/org/${org}/bundle/${bundleId}/purchase`, token, payload),
    order: (token: string, id: string, org = 'doughmain') =>
      call('GET', `/api/org/${org}/order/${id}`, token),
    pay: (token: string, id: string, org = 'doughmain') =>
      call('POST', `/api/org/${org}/order/${id}/pay`, token),
    cancel: (token: string, id: string, org = 'doughmain') =>
      call('POST', `/api/org/${org}/order/${id}/cancel`, token),
  };
}

async function membershipsOf(t: TestApp, userId: string) {
  return t.database.db.kysely
    .selectFrom('user_group_members')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const row = await t.database.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function invitesOf(t: TestApp, orderId: string) {
  return t.database.db.kysely
    .selectFrom('invites')
    .selectAll()
    .where('order_id', '=', orderId)
    .execute();
}

describe.each(DATABASE_KINDS)('store with the local checkout on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof storeClient>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await importPacks(t);
    api = storeClient(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a quantity that is not a whole number from 1 to 1000 (400, errfor.quantity)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    for (const quantity of [0, -1, 1.5, '01', '1', 1e9, 1_001, null, true]) {
      const res = await api.purchase(token, 'bundle-1', { quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().errfor, String(quantity)).toHaveProperty('quantity');
    }
    const missing = await api.purchase(token, 'bundle-1', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errfor).toHaveProperty('quantity');
  });

  it('needs a sign-in, and a bundle of this organisation', async () => {
    expect((await api.purchase(undefined, 'bundle-1', { quantity: 1 })).statusCode).toBe(401);
    const { token } = await signup(t.app, 'doughmain');
    expect((await api.purchase(token, 'no-such-bundle', { quantity: 1 })).statusCode).toBe(404);
    // Another organisation's bundle is unknown here.
    expect((await api.purchase(token, 'acme-bundle', { quantity: 1 })).statusCode).toBe(404);
    // And a token of this organisation means nothing in another one.
    expect((await api.purchase(token, 'acme-bundle', { quantity: 1 }, 'acme')).statusCode).toBe(
      401,
    );
  });

  it('answers "Bundle has already been purchased" to a member buying one seat, but sells more seats', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: 'doughmain-learner', password: 'learner-pass-1' },
    });
    const token = login.json().token as string;
    const again = await api.purchase(token, 'bundle-1', { quantity: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual(['Bundle has already been purchased']);
    const more = await api.purchase(token, 'bundle-1', { quantity: 2 });
    expect(more.statusCode).toBe(200);
  });

  it('buys seats end to end: order priced by the server, Pay, membership, invitations, receipt', async () => {
    const learner = newLearner('buyer');
    const { token } = await signup(t.app, 'doughmain', learner);
    const userId = await userIdOf(t, learner.email);
    const bundlesBefore = await api.call('GET', '/api/org/doughmain/bundle', token);
    expect(bundlesBefore.json().bundles[0]).toMatchObject({ _id: 'bundle-1', isMemberOf: false });
    expect((await api.call('GET', '/api/org/doughmain/topic/secret-topic', token)).statusCode).toBe(
      403,
    );

    // The browser's price, if it sent one, is ignored: only the quantity counts.
    const res = await api.purchase(token, 'bundle-1', {
      quantity: 5,
      locale: 'fr-CA',
      price: 1,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().checkoutSession.url as string;
    const orderId = /^\/checkout\/([A-Za-z0-9_-]+)$/.exec(url)?.[1];
    expect(orderId, url).toBeTruthy();

    const order = await api.order(token, orderId!);
    expect(order.statusCode).toBe(200);
    expect(order.json().order).toMatchObject({
      _id: orderId,
      bundleId: 'bundle-1',
      bundleName: 'Starter',
      quantity: 5,
      unitCents: 4_900,
      percentOff: 10,
      totalCents: 22_050,
      currency: 'usd',
      status: 'pending',
      provider: 'local',
    });
    expect(
      (await api.call('GET', `/api/org/doughmain/order/${orderId}?locale=fr-CA`, token)).json()
        .order.bundleName,
    ).toBe('Départ');

    const paid = await api.pay(token, orderId!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toBe('fulfilled');

    // At once: no waiting for the viewer cache.
    const bundlesAfter = await api.call('GET', '/api/org/doughmain/bundle', token);
    expect(bundlesAfter.json().bundles[0]).toMatchObject({ _id: 'bundle-1', isMemberOf: true });
    expect((await api.call('GET', '/api/org/doughmain/topic/secret-topic', token)).statusCode).toBe(
      200,
    );
    const memberships = await membershipsOf(t, userId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ group_id: 'insiders', role: 'admin' });
    const invites = await invitesOf(t, orderId!);
    expect(invites).toHaveLength(5);
    expect(new Set(invites.map((i) => i.id)).size).toBe(5);
    for (const invite of invites)
      expect(invite).toMatchObject({ group_id: 'insiders', used_by: null, email_key: null });

    const mail = await waitFor(() => mailsTo(t, learner.email)[0]);
    expect(mail).toContain('Subject: =?UTF-8?Q?Votre_re=C3=A7u');
    expect(mail).toContain('D=C3=A9part');

    // Paying again changes nothing.
    const twice = await api.pay(token, orderId!);
    expect(twice.json().order.status).toBe('fulfilled');
    expect(await invitesOf(t, orderId!)).toHaveLength(5);
    expect(await membershipsOf(t, userId)).toHaveLength(1);
    // A fulfilled order cannot be cancelled.
    const cancel = await api.cancel(token, orderId!);
    expect(cancel.statusCode).toBe(409);
    await sleep(200);
    expect(mailsTo(t, learner.email)).toHaveLength(1);
  });

  it('fulfils once when Pay is pressed many times at once', async () => {
    const learner = newLearner('eager');
    const { token } = await signup(t.app, 'doughmain', learner);
    const url = (await api.purchase(token, 'bundle-1', { quantity: 3 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.pay(token, orderId)));
    for (const a of answers) expect(a.json().order?.status, a.body).toBe('fulfilled');
    expect(await invitesOf(t, orderId)).toHaveLength(3);
    expect(await membershipsOf(t, await userIdOf(t, learner.email))).toHaveLength(1);
    await waitFor(() => mailsTo(t, learner.email)[0]);
    await sleep(200);
    expect(mailsTo(t, learner.email)).toHaveLength(1);
  });

  it('cancels a pending order, which then cannot be paid', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const url = (await api.purchase(token, 'bundle-1', { quantity: 1 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const cancelled = await api.cancel(token, orderId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('cancelled');
    expect((await api.pay(token, orderId)).statusCode).toBe(409);
    expect(await invitesOf(t, orderId)).toHaveLength(0);
  });

  it('shows, pays and cancels an order for its buyer only, in its organisation only', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const url = (await api.purchase(token, 'bundle-1', { quantity: 2 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const other = await signup(t.app, 'doughmain');
    expect((await api.order(other.token, orderId)).statusCode).toBe(404);
    expect((await api.pay(other.token, orderId)).statusCode).toBe(404);
    expect((await api.cancel(other.token, orderId)).statusCode).toBe(404);
    const acme = await signup(t.app, 'acme');
    expect((await api.order(acme.token, orderId, 'acme')).statusCode).toBe(404);
    expect((await api.pay(acme.token, orderId, 'acme')).statusCode).toBe(404);
    expect((await api.order(token, orderId)).json().order.status).toBe('pending');
    expect((await api.order(token, 'no-such-order')).statusCode).toBe(404);
    // Each learner lists their own orders only.
    const mine = (await api.call('GET', '/api/org/doughmain/order', token)).json().orders;
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect((await api.call('GET', '/api/org/doughmain/order', other.token)).json().orders).toEqual(
      [],
    );
    expect((await api.call('GET', '/api/org/acme/order', acme.token)).json().orders).toEqual([]);
    expect((await api.call('GET', `/api/org/doughmain/order/${orderId}`)).statusCode).toBe(401);
  });

  it('turns seats into invitations: send, use once, revoke; other emails and organisations refused', async () => {
    const buyer = newLearner('seats');
    const { token } = await signup(t.app, 'doughmain', buyer);
    const url = (await api.purchase(token, 'bundle-1', { quantity: 3 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const base = `/api/org/doughmain/order/${orderId}/invites`;
    // Not paid yet: no seats to send.
    expect((await api.call('GET', base, token)).json().invites).toEqual([]);
    await api.pay(token, orderId);

    const listed = await api.call('GET', base, token);
    expect(listed.statusCode).toBe(200);
    const invites = listed.json().invites as Array<{ _id: string; link: string; status: string }>;
    expect(invites).toHaveLength(3);
    for (const i of invites) {
      expect(i.status).toBe('open');
      expect(i.link).toBe(`/signup?inviteId=${i._id}`);
    }
    const [first, second, third] = invites.map((i) => i._id);

    // Send the first to a new email: the link names it, a mail goes to it.
    const friend = newLearner('friend');
    const sent = await api.call('POST', `${base}/${first}/send`, token, { email: friend.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().invite).toMatchObject({
      _id: first,
      email: friend.email.toLowerCase(),
      status: 'open',
      link: `/signup?email=${encodeURIComponent(friend.email.toLowerCase())}&inviteId=${first}`,
    });
    const mail = await waitFor(() => mailsTo(t, friend.email)[0]);
    expect(mail.replace(/=\r?\n/g, '')).toContain(`inviteId=3D${first}`);

    const signupWith = (body: Record<string, unknown>, org = 'doughmain') =>
      t.app.inject({
        method: 'POST',
        url: `/api/org/${org}/signup`,
        payload: body,
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    // Another email cannot use it.
    const stranger = newLearner('stranger');
    const wrongEmail = await signupWith({ ...stranger, inviteId: first });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errfor).toHaveProperty('inviteId');
    // Its email can, once.
    const joined = await signupWith({ ...friend, inviteId: first });
    expect(joined.statusCode, joined.body).toBe(200);
    const friendToken = joined.json().token as string;
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', friendToken)).json().bundles[0]
        .isMemberOf,
    ).toBe(true);
    const again = await signupWith({ ...newLearner('late'), inviteId: first });
    expect(again.statusCode).toBe(400);
    const afterUse = (await api.call('GET', base, token)).json().invites;
    expect(afterUse.find((i: { _id: string }) => i._id === first)).toMatchObject({
      status: 'used',
      usedAt: expect.any(String),
    });
    // A used seat can be neither revoked nor sent again.
    expect((await api.call('POST', `${base}/${first}/revoke`, token)).statusCode).toBe(409);
    expect(
      (await api.call('POST', `${base}/${first}/send`, token, { email: 'x@example.com' }))
        .statusCode,
    ).toBe(409);

    // Revoked: refused at signup; revoking again changes nothing.
    const revoked = await api.call('POST', `${base}/${third}/revoke`, token);
    expect(revoked.json().invite.status).toBe('revoked');
    expect((await api.call('POST', `${base}/${third}/revoke`, token)).statusCode).toBe(200);
    expect((await signupWith({ ...newLearner('rev'), inviteId: third })).statusCode).toBe(400);

    // Another organisation's signup does not know it.
    expect((await signupWith({ ...newLearner('acme'), inviteId: second }, 'acme')).statusCode).toBe(
      400,
    );

    // An email that has an account: the link is the sign-in, and signing in with it joins.
    const existing = newLearner('existing');
    await signup(t.app, 'doughmain', existing);
    const toExisting = await api.call('POST', `${base}/${second}/send`, token, {
      email: existing.email,
      locale: 'fr-CA',
    });
    expect(toExisting.json().invite.link).toBe(
      `/signin?email=${encodeURIComponent(existing.email.toLowerCase())}&inviteId=${second}`,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: existing.username, password: existing.password, inviteId: second },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(await membershipsOf(t, await userIdOf(t, existing.email))).toMatchObject([
      { group_id: 'insiders', role: 'member' },
    ]);
    const badLogin = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: existing.username, password: existing.password, inviteId: second },
    });
    // Used now: the sign-in with it is refused with a clear message.
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json().errors[0]).toMatch(/invitation/);

    // Only the buyer sees or changes the seats.
    const other = await signup(t.app, 'doughmain');
    expect((await api.call('GET', base, other.token)).statusCode).toBe(404);
    expect((await api.call('POST', `${base}/${second}/revoke`, other.token)).statusCode).toBe(404);
    expect((await api.call('POST', `${base}/nope/revoke`, token)).statusCode).toBe(404);
  });

  it('shows the buyer who took a seat whose link named no email', async () => {
    const { token } = await signup(t.app, 'doughmain', newLearner('taken-by'));
    const url = (await api.purchase(token, 'bundle-1', { quantity: 1 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    await api.pay(token, orderId);
    const base = `/api/org/doughmain/order/${orderId}/invites`;
    const [seat] = (await api.call('GET', base, token)).json().invites;
    expect(seat.email).toBeNull();
    const taker = newLearner('taker');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/signup',
      payload: { ...taker, inviteId: seat._id },
      remoteAddress: '10.9.251.1',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const [after] = (await api.call('GET', base, token)).json().invites;
    expect(after).toMatchObject({ status: 'used', email: taker.email });
  });

  it('lets a signed-in learner accept an invitation: joins once, refuses the rest', async () => {
    const { token } = await signup(t.app, 'doughmain', newLearner('acceptor-buyer'));
    const url = (await api.purchase(token, 'bundle-1', { quantity: 4 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    await api.pay(token, orderId);
    const base = `/api/org/doughmain/order/${orderId}/invites`;
    const seats = (await api.call('GET', base, token)).json().invites as Array<{ _id: string }>;
    const [open, addressed, revoked, acmeTry] = seats.map((i) => i._id);
    const accept = (inviteId: string, who?: string, org = 'doughmain') =>
      api.call('POST', `/api/org/${org}/invite/${inviteId}/accept`, who);

    // A visitor must sign in first.
    expect((await accept(open!)).statusCode).toBe(401);

    const learner = newLearner('acceptor');
    const me = await signup(t.app, 'doughmain', learner);
    // The viewer is cached: ask once before accepting, so the answer after shows it was forgotten.
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', me.token)).json().bundles[0].isMemberOf,
    ).toBe(false);
    const accepted = await accept(open!, me.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().account.userGroups).toMatchObject([{ _id: 'insiders', isAdmin: false }]);
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', me.token)).json().bundles[0].isMemberOf,
    ).toBe(true);
    expect(await membershipsOf(t, await userIdOf(t, learner.email))).toMatchObject([
      { group_id: 'insiders', role: 'member' },
    ]);
    const listed = (await api.call('GET', base, token)).json().invites;
    expect(listed.find((i: { _id: string }) => i._id === open)).toMatchObject({
      status: 'used',
      email: learner.email,
    });

    // Already a member: 409, and the other seat stays unused.
    const twice = await accept(addressed!, me.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toBe('You are already a member of this group.');
    expect(
      (await api.call('GET', base, token))
        .json()
        .invites.find((i: { _id: string }) => i._id === addressed),
    ).toMatchObject({ status: 'open' });

    const other = newLearner('acceptor-other');
    const them = await signup(t.app, 'doughmain', other);
    const refused = async (inviteId: string, who: string, org = 'doughmain') => {
      const res = await accept(inviteId, who, org);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errfor).toHaveProperty('inviteId');
      expect(res.json().errors[0]).toMatch(/invitation/);
    };
    // Used, unknown, revoked, addressed to another email, another organisation's.
    await refused(open!, them.token);
    await refused('no-such-invite', them.token);
    await api.call('POST', `${base}/${revoked}/revoke`, token);
    await refused(revoked!, them.token);
    await api.call('POST', `${base}/${addressed}/send`, token, { email: 'someone@example.com' });
    await refused(addressed!, them.token);
    const acme = await signup(t.app, 'acme', newLearner('acceptor-acme'));
    await refused(acmeTry!, acme.token, 'acme');
    // A doughmain session does not reach acme's route, nor acme's session doughmain's.
    expect([401, 404]).toContain((await accept(acmeTry!, them.token, 'acme')).statusCode);
    expect([401, 404]).toContain((await accept(acmeTry!, acme.token)).statusCode);
    expect(await membershipsOf(t, await userIdOf(t, other.email))).toEqual([]);
    expect(
      (await api.call('GET', base, token))
        .json()
        .invites.find((i: { _id: string }) => i._id === acmeTry),
    ).toMatchObject({ status: 'open' });
    // Unknown organisation.
    expect((await accept(acmeTry!, them.token, 'no-such-org')).statusCode).toBe(404);
  });

  it('has no Stripe webhook without Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});

/**
 * A stand-in for Stripe's API, answering `POST /v1/checkout/sessions` as Stripe documents it:
 * a Checkout Session object with the amount computed from the line item.
 */
async function startFakeStripe() {
  const requests: URLSearchParams[] = [];
  let count = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No route' } }));
        return;
      }
      const form = new URLSearchParams(body);
      requests.push(form);
      count += 1;
      const quantity = Number(form.get('line_items[0][quantity]'));
      const unit =
        form.get('line_items[0][price_data][unit_amount]') ??
        form.get('line_items[0][price_data][unit_amount_decimal]')!;
      const amount = Math.round(Number(unit) * quantity);
      const id = `cs_test_${count.toString().padStart(4, '0')}`;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${count}` });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_subtotal: amount,
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          mode: 'payment',
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          livemode: false,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_dummy');

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe.each(DATABASE_KINDS)('store with Stripe on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof storeClient>;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let eventCount = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp(kind, {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_portal',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    await importPacks(t);
    api = storeClient(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  function sessionEvent(
    type: string,
    session: { id: string; orderId: string; amount: number; currency?: string; paid?: boolean },
  ) {
    eventCount += 1;
    return JSON.stringify({
      id: `evt_test_${Date.now().toString(36)}_${eventCount}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          amount_total: session.amount,
          currency: session.currency ?? 'usd',
          client_reference_id: session.orderId,
          payment_status: session.paid === false ? 'unpaid' : 'paid',
          status: 'complete',
        },
      },
    });
  }

  const deliver = (payload: string, signature?: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== null && {
          'stripe-signature':
            signature ??
            stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        }),
      },
      payload,
    });

  /** The payment events recorded for an order, and whether each is fulfilled (`done`) yet. */
  const eventsOf = (orderId: string) =>
    t.database.db.kysely
      .selectFrom('payment_events')
      .select(['id', 'type', 'status'])
      .where('order_id', '=', orderId)
      .execute();

  /**
   * The webhook answers once the event is recorded; the worker fulfils it just after. Waits until
   * no event of the order is left `received` (each is claimed in its fulfilment's transaction).
   */
  const settled = (orderId: string) =>
    waitFor(async () =>
      (await eventsOf(orderId)).every((e) => e.status === 'done') ? true : undefined,
    );

  async function buy(token: string, bundleId: string, quantity: number) {
    const res = await api.purchase(token, bundleId, { quantity });
    expect(res.statusCode, res.body).toBe(200);
    const form = fake.requests.at(-1)!;
    const orderId = form.get('client_reference_id')!;
    return { url: res.json().checkoutSession.url as string, orderId, form };
  }

  it('opens a Checkout Session priced by the server, for the order', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const { url, orderId, form } = await buy(token, 'bundle-1', 5);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][quantity]')).toBe('5');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4410');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Starter');
    expect(form.get('success_url')).toMatch(
      /^http:\/\/doughmain\.localhost:\d+\/store\?purchased=bundle-1$/,
    );
    expect(form.get('cancel_url')).toMatch(/^http:\/\/doughmain\.localhost:\d+\/bundle\/bundle-1$/);
    const order = (await api.order(token, orderId)).json().order;
    expect(order).toMatchObject({ totalCents: 22_050, provider: 'stripe', status: 'pending' });
    // No local checkout under Stripe.
    expect((await api.pay(token, orderId)).statusCode).toBe(404);
  });

  it('sends a decimal unit price whose product is the order’s total when cents do not divide', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const { orderId, form } = await buy(token, 'bundle-odd', 5);
    const order = (await api.order(token, orderId)).json().order;
    // 1999 × 5 × 0.85 = 8495.75 → 8496 cents.
    expect(order.totalCents).toBe(8_496);
    const unit = Number(form.get('line_items[0][price_data][unit_amount_decimal]'));
    expect(Math.round(unit * 5)).toBe(8_496);
  });

  it('fulfils exactly once when every event comes 1–5 times, shuffled, at once', async () => {
    const learner = newLearner('stripe');
    const { token } = await signup(t.app, 'doughmain', learner);
    const userId = await userIdOf(t, learner.email);
    const quantity = 4;
    const { orderId, url } = await buy(token, 'bundle-1', quantity);
    const sessionId = url.split('/').pop()!;
    const amount = 4_900 * quantity;
    const events = [
      sessionEvent('checkout.session.completed', { id: sessionId, orderId, amount }),
      sessionEvent('checkout.session.async_payment_succeeded', { id: sessionId, orderId, amount }),
      sessionEvent('checkout.session.completed', { id: sessionId, orderId, amount, paid: false }),
      sessionEvent('payment_intent.created', { id: sessionId, orderId, amount }),
      sessionEvent('checkout.session.expired', { id: sessionId, orderId, amount }),
    ];
    const deliveries = shuffle(
      events.flatMap((e) => Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => e)),
    );
    const answers = await Promise.all(deliveries.map((payload) => deliver(payload)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    await settled(orderId);
    expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
    const memberships = await membershipsOf(t, userId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ group_id: 'insiders', role: 'admin' });
    expect(await invitesOf(t, orderId)).toHaveLength(quantity);
    const handled = await eventsOf(orderId);
    // The two paid events are recorded once each; only the first fulfilled the order.
    expect(handled.every((h) => h.status === 'done')).toBe(true);
    expect(handled.map((h) => h.type).sort()).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', token)).json().bundles[0].isMemberOf,
    ).toBe(true);
    expect((await api.call('GET', '/api/org/doughmain/topic/secret-topic', token)).statusCode).toBe(
      200,
    );
    await waitFor(() => mailsTo(t, learner.email)[0]);
    await sleep(300);
    expect(mailsTo(t, learner.email)).toHaveLength(1);

    // Delivered again later: still nothing more.
    for (const payload of events) expect((await deliver(payload)).statusCode).toBe(200);
    await settled(orderId);
    expect(await eventsOf(orderId)).toHaveLength(2);
    expect(await invitesOf(t, orderId)).toHaveLength(quantity);
    expect(await membershipsOf(t, userId)).toHaveLength(1);
  });

  it('fulfils exactly once when duplicates reach two servers on one database at once', async () => {
    // A second server process on the same database: no in-process memory is shared, only the
    // database's keys and conditional updates decide.
    const other = await buildApp({
      config: t.config,
      db: { ...t.database.db, destroy: async () => {} },
    });
    await other.app.ready();
    try {
      const learners = await Promise.all([1, 2, 3].map(() => signup(t.app, 'doughmain')));
      const bought = [];
      for (const [i, { token }] of learners.entries()) {
        const { orderId, url } = await buy(token, 'bundle-1', i + 2);
        bought.push({ token, orderId, sessionId: url.split('/').pop()!, quantity: i + 2 });
      }
      const deliveries = shuffle(
        bought.flatMap(({ orderId, sessionId, quantity }) => {
          const amount = Math.round((4_900 * quantity * (quantity >= 5 ? 90 : 100)) / 100);
          const completed = sessionEvent('checkout.session.completed', {
            id: sessionId,
            orderId,
            amount,
          });
          const async = sessionEvent('checkout.session.async_payment_succeeded', {
            id: sessionId,
            orderId,
            amount,
          });
          return [completed, completed, completed, async, async];
        }),
      );
      const answers = await Promise.all(
        deliveries.map((payload, i) => {
          const app: FastifyInstance = i % 2 ? other.app : t.app;
          return app.inject({
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
        }),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      for (const { token, orderId, quantity } of bought) {
        await settled(orderId);
        expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
        expect(await invitesOf(t, orderId)).toHaveLength(quantity);
      }
    } finally {
      await other.app.close();
    }
  });

  it('fulfils, when it starts, a payment that a stopped process recorded and acknowledged', async () => {
    const learner = newLearner('restart');
    const { token } = await signup(t.app, 'doughmain', learner);
    const userId = await userIdOf(t, learner.email);
    const { orderId, url } = await buy(token, 'bundle-1', 3);
    const payload = sessionEvent('checkout.session.completed', {
      id: url.split('/').pop()!,
      orderId,
      amount: 14_700,
    });
    const shared = { config: t.config, db: { ...t.database.db, destroy: async () => {} } };
    // A process that records the event, answers 2xx and stops before its worker fulfils it.
    const dying = await buildApp(shared);
    await dying.app.ready();
    dying.services.store.stop();
    const answer = await dying.app.inject({
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
    expect(answer.statusCode, answer.body).toBe(200);
    await dying.app.close();
    await sleep(100);
    expect((await eventsOf(orderId)).map((e) => e.status)).toEqual(['received']);
    expect((await api.order(token, orderId)).json().order.status).toBe('pending');
    expect(await invitesOf(t, orderId)).toHaveLength(0);

    // The next process to start fulfils it, once.
    const restarted = await buildApp(shared);
    await restarted.app.ready();
    try {
      await settled(orderId);
      expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
      expect(await invitesOf(t, orderId)).toHaveLength(3);
      expect(await membershipsOf(t, userId)).toHaveLength(1);
      await waitFor(() => mailsTo(t, learner.email)[0]);
      // Stripe retries what it thinks unanswered: the retry changes nothing.
      expect((await deliver(payload)).statusCode).toBe(200);
      await settled(orderId);
      await sleep(300);
      expect(await invitesOf(t, orderId)).toHaveLength(3);
      expect(mailsTo(t, learner.email)).toHaveLength(1);
    } finally {
      await restarted.app.close();
    }
  });

  it('fulfils the payments behind one whose fulfilment fails, and keeps that one for a retry', async () => {
    const learner = newLearner('poison');
    const { token } = await signup(t.app, 'doughmain', learner);
    const { orderId, url } = await buy(token, 'bundle-1', 2);
    const payload = sessionEvent('checkout.session.completed', {
      id: url.split('/').pop()!,
      orderId,
      amount: 9_800,
    });
    const shared = { config: t.config, db: { ...t.database.db, destroy: async () => {} } };
    const dying = await buildApp(shared);
    await dying.app.ready();
    dying.services.store.stop();
    const answer = await dying.app.inject({
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
    expect(answer.statusCode, answer.body).toBe(200);
    await dying.app.close();
    // An earlier recorded payment whose fulfilment cannot succeed: its buyer no longer exists,
    // so the membership it adds breaks a foreign key.
    const k = t.database.db.kysely;
    const good = await k
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await k
      .insertInto('orders')
      .values({
        ...good,
        id: 'ord-poison',
        user_id: 'no-such-user',
        provider_session_id: 'cs_poison',
      })
      .execute();
    const [event] = await eventsOf(orderId);
    await k
      .insertInto('payment_events')
      .values({
        id: 'evt_poison',
        org_id: good.org_id,
        order_id: 'ord-poison',
        type: 'checkout.session.completed',
        received_at: '2000-01-01T00:00:00.000Z',
        status: 'received',
      })
      .execute();
    expect(event?.status).toBe('received');

    const restarted = await buildApp(shared);
    await restarted.app.ready();
    try {
      await settled(orderId);
      expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
      expect(await invitesOf(t, orderId)).toHaveLength(2);
      expect((await eventsOf('ord-poison')).map((e) => e.status)).toEqual(['received']);
    } finally {
      await restarted.app.close();
    }
  });

  it('refuses a bad or missing signature with 400, and changes nothing', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const { orderId, url } = await buy(token, 'bundle-1', 1);
    const payload = sessionEvent('checkout.session.completed', {
      id: url.split('/').pop()!,
      orderId,
      amount: 4_900,
    });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect((await deliver(payload, forged)).statusCode).toBe(400);
    expect((await deliver(payload, null)).statusCode).toBe(400);
    expect((await deliver(payload, 'garbage')).statusCode).toBe(400);
    // The right signature over another body.
    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await deliver(payload.replace('4900', '1'), signed)).statusCode).toBe(400);
    expect((await api.order(token, orderId)).json().order.status).toBe('pending');
    expect(await invitesOf(t, orderId)).toHaveLength(0);
    // Nothing was recorded either.
    expect(await eventsOf(orderId)).toHaveLength(0);
    // The genuine one still works afterwards.
    expect((await deliver(payload)).statusCode).toBe(200);
    await settled(orderId);
    expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
  });

  it('marks an abandoned checkout expired; a payment that comes after still fulfils it', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const { orderId, url } = await buy(token, 'bundle-1', 2);
    const id = url.split('/').pop()!;
    const expired = sessionEvent('checkout.session.expired', { id, orderId, amount: 9_800 });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await api.order(token, orderId)).json().order.status).toBe('expired');
    const paid = sessionEvent('checkout.session.completed', { id, orderId, amount: 9_800 });
    expect((await deliver(paid)).statusCode).toBe(200);
    await settled(orderId);
    expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
    // An expiry that comes late changes nothing.
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
  });

  it('acknowledges but does not fulfil a payment whose amount or currency is not the order’s', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const { orderId, url } = await buy(token, 'bundle-1', 2);
    const id = url.split('/').pop()!;
    const less = sessionEvent('checkout.session.completed', { id, orderId, amount: 100 });
    const cad = sessionEvent('checkout.session.completed', {
      id,
      orderId,
      amount: 9_800,
      currency: 'cad',
    });
    expect((await deliver(less)).statusCode).toBe(200);
    expect((await deliver(cad)).statusCode).toBe(200);
    expect((await api.order(token, orderId)).json().order.status).toBe('pending');
    expect(await invitesOf(t, orderId)).toHaveLength(0);
    expect(await eventsOf(orderId)).toHaveLength(0);
    // An order of nobody: acknowledged too.
    const stray = sessionEvent('checkout.session.completed', {
      id,
      orderId: 'no-such-order',
      amount: 9_800,
    });
    expect((await deliver(stray)).statusCode).toBe(200);
  });
});
