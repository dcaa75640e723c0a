import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { buildApp } from '../../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup, waitFor } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { startFakeStripe } from '../../test/fake-stripe';
import { quietFor } from '../../test/wait';

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

/** A user group as stored (a buyer's cohort: its parent, owner and origin). */
async function cohortRow(t: TestApp, groupId: string) {
  return t.database.db.kysely
    .selectFrom('user_groups')
    .selectAll()
    .where('id', '=', groupId)
    .executeTakeFirst();
}

/** A group's seats and invitations, as its administrators read them. */
const invitationsOf = (t: TestApp, token: string | undefined, groupId: string, org = 'doughmain') =>
  t.app.inject({
    method: 'GET',
    url: `/api/org/${org}/userGroup/${groupId}/invites`,
    headers: token ? bearer(token) : {},
  });

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

  it('buys seats end to end: order priced by the server, Pay, the buyer’s cohort, its open seats, receipt', async () => {
    const learner = { ...newLearner('buyer'), first: 'Bea', last: 'Buyer' };
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
      // No cohort before the payment.
      cohortId: null,
    });
    expect(
      (await api.call('GET', `/api/org/doughmain/order/${orderId}?locale=fr-CA`, token)).json()
        .order.bundleName,
    ).toBe('Départ');

    const paid = await api.pay(token, orderId!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.status).toBe('fulfilled');
    const cohortId = paid.json().order.cohortId as string;
    expect(cohortId).toMatch(/^cohort-[A-Za-z0-9_-]+$/);

    // At once: no waiting for the viewer cache. The cohort's members (its buyer too) see the
    // parent group's topics.
    const bundlesAfter = await api.call('GET', '/api/org/doughmain/bundle', token);
    expect(bundlesAfter.json().bundles[0]).toMatchObject({ _id: 'bundle-1', isMemberOf: true });
    expect((await api.call('GET', '/api/org/doughmain/topic/secret-topic', token)).statusCode).toBe(
      200,
    );
    // The buyer administers their own cohort, not the bundle's group.
    const memberships = await membershipsOf(t, userId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ group_id: cohortId, role: 'admin' });
    expect(await cohortRow(t, cohortId)).toMatchObject({
      parent_id: 'insiders',
      owner_id: userId,
      origin: 'purchase',
    });
    const groups = (await api.call('GET', '/api/org/doughmain/userGroup', token)).json().groups;
    expect(groups).toEqual([{ _id: cohortId, name: 'Bea Buyer · Insiders', parentId: 'insiders' }]);
    // The order's seats: open invitations of the cohort.
    const invites = await invitesOf(t, orderId!);
    expect(invites).toHaveLength(5);
    expect(new Set(invites.map((i) => i.id)).size).toBe(5);
    for (const invite of invites)
      expect(invite).toMatchObject({ group_id: cohortId, used_by: null, email_key: null });
    const seats = await invitationsOf(t, token, cohortId);
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json()).toMatchObject({
      counts: { open: 5, pending: 0, used: 0, revoked: 0 },
      seats: { bought: 5, used: 0, free: 5 },
    });

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
    await quietFor(200); // what must not happen: a second receipt
    expect(mailsTo(t, learner.email)).toHaveLength(1);

    // A later purchase of the same bundle adds its seats to the same cohort.
    const more = (await api.purchase(token, 'bundle-1', { quantity: 2 })).json().checkoutSession
      .url as string;
    const moreId = more.split('/').pop()!;
    expect((await api.pay(token, moreId)).json().order).toMatchObject({
      status: 'fulfilled',
      cohortId,
    });
    expect(await membershipsOf(t, userId)).toHaveLength(1);
    expect((await invitationsOf(t, token, cohortId)).json()).toMatchObject({
      counts: { open: 7 },
      seats: { bought: 7, used: 0, free: 7 },
    });
  });

  it('makes the buyer of one seat a member of the bundle’s group, with no cohort and no invitation', async () => {
    const learner = newLearner('single');
    const { token } = await signup(t.app, 'doughmain', learner);
    const userId = await userIdOf(t, learner.email);
    const url = (await api.purchase(token, 'bundle-1', { quantity: 1 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const paid = await api.pay(token, orderId);
    expect(paid.json().order).toMatchObject({ status: 'fulfilled', cohortId: null });
    expect(await membershipsOf(t, userId)).toMatchObject([
      { group_id: 'insiders', role: 'member' },
    ]);
    expect(await invitesOf(t, orderId)).toHaveLength(0);
    expect((await api.call('GET', '/api/org/doughmain/topic/secret-topic', token)).statusCode).toBe(
      200,
    );
    // A member of the group administers nothing: no groups of theirs, no invitations of it.
    expect((await api.call('GET', '/api/org/doughmain/userGroup', token)).json().groups).toEqual(
      [],
    );
    expect((await invitationsOf(t, token, 'insiders')).statusCode).toBe(403);
    // One seat more for themselves is refused; seats for a team are not.
    expect((await api.purchase(token, 'bundle-1', { quantity: 1 })).statusCode).toBe(400);
    expect((await api.purchase(token, 'bundle-1', { quantity: 2 })).statusCode).toBe(200);
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
    await quietFor(200); // what must not happen: a receipt per payment
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

  /** Buys `quantity` seats and pays: the order's id and the buyer's cohort. */
  async function buySeats(token: string, quantity: number) {
    const url = (await api.purchase(token, 'bundle-1', { quantity })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    const paid = await api.pay(token, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const cohortId = paid.json().order.cohortId as string;
    expect(cohortId).toEqual(expect.any(String));
    return { orderId, cohortId };
  }

  type Seat = { _id: string; email: string | null; state: string; link: string };
  const seatsOf = async (token: string, cohortId: string) =>
    (await invitationsOf(t, token, cohortId)).json().invitations as Seat[];

  const signupWith = (body: Record<string, unknown>, org = 'doughmain') =>
    t.app.inject({
      method: 'POST',
      url: `/api/org/${org}/signup`,
      payload: body,
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  it('turns seats into invitations of the cohort: send, use once, revoke; other emails and organisations refused', async () => {
    const buyer = newLearner('seats');
    const { token } = await signup(t.app, 'doughmain', buyer);
    const url = (await api.purchase(token, 'bundle-1', { quantity: 3 })).json().checkoutSession
      .url as string;
    const orderId = url.split('/').pop()!;
    // Not paid yet: no cohort, no seats to send.
    expect((await api.order(token, orderId)).json().order.cohortId).toBeNull();
    expect((await api.call('GET', '/api/org/doughmain/userGroup', token)).json().groups).toEqual(
      [],
    );
    await api.pay(token, orderId);
    // The cohort is found in the buyer's groups as well as on the order.
    const [cohort] = (await api.call('GET', '/api/org/doughmain/userGroup', token)).json().groups;
    expect(cohort).toMatchObject({ parentId: 'insiders' });
    const cohortId = cohort._id as string;
    expect((await api.order(token, orderId)).json().order.cohortId).toBe(cohortId);
    const base = `/api/org/doughmain/userGroup/${cohortId}/invites`;

    const listed = await invitationsOf(t, token, cohortId);
    expect(listed.statusCode).toBe(200);
    const invites = listed.json().invitations as Seat[];
    expect(invites).toHaveLength(3);
    for (const i of invites) {
      expect(i).toMatchObject({ group: cohortId, email: null, state: 'open', usedBy: null });
      expect(i.link).toBe(`/signup?inviteId=${i._id}`);
    }

    // Send a seat to a new email: the link names it, a mail goes to it.
    const friend = newLearner('friend');
    const sent = await api.call('POST', base, token, { emails: friend.email });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().skipped).toEqual([]);
    const [first] = sent.json().invited as Seat[];
    expect(invites.map((i) => i._id)).toContain(first!._id);
    expect(first).toMatchObject({
      group: cohortId,
      email: friend.email.toLowerCase(),
      state: 'pending',
      link: `/signup?email=${encodeURIComponent(friend.email.toLowerCase())}&inviteId=${first!._id}`,
    });
    const mail = await waitFor(() => mailsTo(t, friend.email)[0]);
    expect(mail.replace(/=\r?\n/g, '')).toContain(`inviteId=3D${first!._id}`);
    const [second, third] = invites.map((i) => i._id).filter((id) => id !== first!._id);

    // Another email cannot use it.
    const stranger = newLearner('stranger');
    const wrongEmail = await signupWith({ ...stranger, inviteId: first!._id });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errfor).toHaveProperty('inviteId');
    // Its email can, once: the learner joins the cohort and sees the parent group's topics.
    const joined = await signupWith({ ...friend, inviteId: first!._id });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().joined).toEqual({ _id: cohortId, name: cohort.name });
    const friendToken = joined.json().token as string;
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', friendToken)).json().bundles[0]
        .isMemberOf,
    ).toBe(true);
    expect(
      (await api.call('GET', '/api/org/doughmain/topic/secret-topic', friendToken)).statusCode,
    ).toBe(200);
    expect(await membershipsOf(t, await userIdOf(t, friend.email))).toMatchObject([
      { group_id: cohortId, role: 'member' },
    ]);
    const again = await signupWith({ ...newLearner('late'), inviteId: first!._id });
    expect(again.statusCode).toBe(400);
    // A used seat is its member's row: no longer listed, counted as used.
    const afterUse = (await invitationsOf(t, token, cohortId)).json();
    expect(afterUse.invitations.map((i: Seat) => i._id)).not.toContain(first!._id);
    expect(afterUse.counts).toEqual({ open: 2, pending: 0, used: 1, revoked: 0 });
    expect(afterUse.seats).toEqual({ bought: 3, used: 1, free: 2 });
    // A used seat can be neither revoked nor sent again.
    expect((await api.call('POST', `${base}/${first!._id}/revoke`, token)).statusCode).toBe(409);
    expect((await api.call('POST', `${base}/${first!._id}/resend`, token)).statusCode).toBe(409);
    // A member of the cohort does not administer it.
    expect((await invitationsOf(t, friendToken, cohortId)).statusCode).toBe(403);

    // Revoked: refused at signup; revoking again changes nothing.
    const revoked = await api.call('POST', `${base}/${third}/revoke`, token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().invitation).toMatchObject({
      _id: third,
      state: 'revoked',
      revokedAt: expect.any(String),
    });
    expect((await api.call('POST', `${base}/${third}/revoke`, token)).statusCode).toBe(200);
    expect((await signupWith({ ...newLearner('rev'), inviteId: third })).statusCode).toBe(400);

    // Another organisation's signup does not know it.
    expect((await signupWith({ ...newLearner('acme'), inviteId: second }, 'acme')).statusCode).toBe(
      400,
    );

    // An email that has an account: the link is the sign-in, and signing in with it joins.
    const existing = newLearner('existing');
    await signup(t.app, 'doughmain', existing);
    const toExisting = await api.call('POST', base, token, {
      emails: existing.email,
      locale: 'fr-CA',
    });
    expect(toExisting.json().invited).toHaveLength(1);
    expect(toExisting.json().invited[0]).toMatchObject({
      _id: second,
      link: `/signin?email=${encodeURIComponent(existing.email.toLowerCase())}&inviteId=${second}`,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: existing.username, password: existing.password, inviteId: second },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().joined).toEqual({ _id: cohortId, name: cohort.name });
    expect(await membershipsOf(t, await userIdOf(t, existing.email))).toMatchObject([
      { group_id: cohortId, role: 'member' },
    ]);
    const badLogin = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/login',
      payload: { username: existing.username, password: existing.password, inviteId: second },
    });
    // Used now: the sign-in with it is refused with a clear message.
    expect(badLogin.statusCode).toBe(400);
    expect(badLogin.json().errors[0]).toMatch(/invitation/);
    // The revoked seat is free again: a new invitation takes it; then no seat is left.
    const late = (await api.call('POST', base, token, { emails: 'late@example.com' })).json();
    expect(late.skipped).toEqual([]);
    expect(late.invited).toHaveLength(1);
    expect(late.invited[0]._id).not.toBe(third);
    expect((await api.call('POST', base, token, { emails: 'later@example.com' })).json()).toEqual({
      invited: [],
      skipped: [{ email: 'later@example.com', reason: 'noSeat' }],
    });
    expect((await invitationsOf(t, token, cohortId)).json().seats).toEqual({
      bought: 3,
      used: 2,
      free: 1,
    });

    // Only the cohort's administrators see or change its seats; another buyer's cohort is unknown.
    const other = await signup(t.app, 'doughmain');
    expect((await api.call('GET', base, other.token)).statusCode).toBe(404);
    expect((await api.call('POST', `${base}/${second}/revoke`, other.token)).statusCode).toBe(404);
    const rival = await signup(t.app, 'doughmain', newLearner('rival'));
    const { cohortId: rivalCohort } = await buySeats(rival.token, 2);
    expect(rivalCohort).not.toBe(cohortId);
    expect((await api.call('GET', base, rival.token)).statusCode).toBe(404);
    expect((await invitationsOf(t, token, rivalCohort)).statusCode).toBe(404);
    expect((await api.call('POST', `${base}/nope/revoke`, token)).statusCode).toBe(404);
    // Nor is a seat of another cohort reached through this one.
    const [rivalSeat] = await seatsOf(rival.token, rivalCohort);
    expect((await api.call('POST', `${base}/${rivalSeat!._id}/revoke`, token)).statusCode).toBe(
      404,
    );
    expect((await seatsOf(rival.token, rivalCohort)).map((i) => i.state)).toEqual(['open', 'open']);
  });

  it('shows the buyer who took a seat whose link named no email', async () => {
    const { token } = await signup(t.app, 'doughmain', newLearner('taken-by'));
    const { cohortId } = await buySeats(token, 2);
    const [seat] = await seatsOf(token, cohortId);
    expect(seat!.email).toBeNull();
    const taker = newLearner('taker');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/org/doughmain/signup',
      payload: { ...taker, inviteId: seat!._id },
      remoteAddress: '10.9.251.1',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const after = (await invitationsOf(t, token, cohortId)).json();
    expect(after.counts).toMatchObject({ open: 1, used: 1 });
    expect(after.invitations.map((i: Seat) => i._id)).not.toContain(seat!._id);
    // The seat is the taker's row among the cohort's members.
    const members = await api.call(
      'GET',
      `/api/org/doughmain/userGroup/${cohortId}/members`,
      token,
    );
    expect(members.statusCode, members.body).toBe(200);
    expect(
      members.json().members.map((m: { account: { email: string } }) => m.account.email),
    ).toEqual([taker.email]);
    expect(members.json().seats).toEqual({ bought: 2, used: 1, free: 1 });
  });

  it('lets a signed-in learner accept an invitation: joins once, refuses the rest', async () => {
    const { token } = await signup(t.app, 'doughmain', newLearner('acceptor-buyer'));
    const { cohortId } = await buySeats(token, 4);
    const base = `/api/org/doughmain/userGroup/${cohortId}/invites`;
    const seats = await seatsOf(token, cohortId);
    const [open, spare] = seats.map((i) => i._id);
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
    expect(accepted.json().account.userGroups).toMatchObject([
      { _id: cohortId, isAdmin: false, parentId: 'insiders' },
    ]);
    expect(accepted.json().joined).toMatchObject({ _id: cohortId });
    expect(
      (await api.call('GET', '/api/org/doughmain/bundle', me.token)).json().bundles[0].isMemberOf,
    ).toBe(true);
    expect(await membershipsOf(t, await userIdOf(t, learner.email))).toMatchObject([
      { group_id: cohortId, role: 'member' },
    ]);
    const listed = (await invitationsOf(t, token, cohortId)).json();
    expect(listed.invitations.map((i: Seat) => i._id)).not.toContain(open);
    expect(listed.counts).toMatchObject({ open: 3, used: 1 });

    // Already a member: 409, and the other seat stays unused.
    const twice = await accept(spare!, me.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toBe('You are already a member of this group.');
    expect((await seatsOf(token, cohortId)).find((i) => i._id === spare)).toMatchObject({
      state: 'open',
    });

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
    expect((await api.call('POST', `${base}/${spare}/revoke`, token)).statusCode).toBe(200);
    await refused(spare!, them.token);
    const sent = await api.call('POST', base, token, { emails: 'someone@example.com' });
    const addressed = (sent.json().invited as Seat[])[0]!._id;
    await refused(addressed, them.token);
    const acmeTry = (await seatsOf(token, cohortId)).find((i) => i.state === 'open')!._id;
    const acme = await signup(t.app, 'acme', newLearner('acceptor-acme'));
    await refused(acmeTry, acme.token, 'acme');
    // A doughmain session does not reach acme's route, nor acme's session doughmain's.
    expect([401, 404]).toContain((await accept(acmeTry, them.token, 'acme')).statusCode);
    expect([401, 404]).toContain((await accept(acmeTry, acme.token)).statusCode);
    expect(await membershipsOf(t, await userIdOf(t, other.email))).toEqual([]);
    expect((await seatsOf(token, cohortId)).find((i) => i._id === acmeTry)).toMatchObject({
      state: 'open',
    });
    // Unknown organisation.
    expect((await accept(acmeTry, them.token, 'no-such-org')).statusCode).toBe(404);
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

const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_dummy');

/**
 * A seeded random number generator (mulberry32): the webhook deliveries' order and repeats are
 * the same on every run, so a failure replays. SHUFFLE_SEED tries another order.
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seededRandom(Number(process.env.SHUFFLE_SEED ?? 20261126));

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
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
    // Back to the address the buyer bought from, which is doughmain's (issue 24): inject's
    // default Host is localhost:80.
    expect(form.get('success_url')).toBe('http://localhost/store?purchased=bundle-1');
    expect(form.get('cancel_url')).toBe('http://localhost/bundle/bundle-1?cancelled=1');
    const order = (await api.order(token, orderId)).json().order;
    expect(order).toMatchObject({ totalCents: 22_050, provider: 'stripe', status: 'pending' });
    // No local checkout under Stripe.
    expect((await api.pay(token, orderId)).statusCode).toBe(404);
  });

  it('sends the buyer back to the organisation’s own address they bought from, never another (issue 24)', async () => {
    const { token } = await signup(t.app, 'doughmain');
    const backTo = async (host: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/org/doughmain/bundle/bundle-1/purchase',
        headers: { ...bearer(token), host },
        payload: { quantity: 2 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return new URL(fake.requests.at(-1)!.get('success_url')!).origin;
    };
    expect(await backTo('localhost:3000')).toBe('http://localhost:3000');
    expect(await backTo('doughmain.localhost:3000')).toBe('http://doughmain.localhost:3000');
    expect(await backTo('acme.localhost:3000')).toMatch(/^http:\/\/doughmain\.localhost:\d+$/);
    expect(await backTo('evil.example')).toMatch(/^http:\/\/doughmain\.localhost:\d+$/);
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
      events.flatMap((e) => Array.from({ length: 1 + Math.floor(random() * 5) }, () => e)),
    );
    const answers = await Promise.all(deliveries.map((payload) => deliver(payload)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);

    await settled(orderId);
    const order = (await api.order(token, orderId)).json().order;
    expect(order.status).toBe('fulfilled');
    // The buyer administers their cohort under the bundle's group, which holds one open
    // invitation per seat.
    const cohortId = order.cohortId as string;
    expect(await cohortRow(t, cohortId)).toMatchObject({ parent_id: 'insiders', owner_id: userId });
    const memberships = await membershipsOf(t, userId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ group_id: cohortId, role: 'admin' });
    const seats = await invitesOf(t, orderId);
    expect(seats).toHaveLength(quantity);
    for (const seat of seats) expect(seat).toMatchObject({ group_id: cohortId, used_by: null });
    expect((await invitationsOf(t, token, cohortId)).json().seats).toEqual({
      bought: quantity,
      used: 0,
      free: quantity,
    });
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
    await quietFor(300); // what must not happen: a receipt per delivered event
    expect(mailsTo(t, learner.email)).toHaveLength(1);

    // Delivered again later: still nothing more.
    for (const payload of events) expect((await deliver(payload)).statusCode).toBe(200);
    await settled(orderId);
    expect(await eventsOf(orderId)).toHaveLength(2);
    expect(await invitesOf(t, orderId)).toHaveLength(quantity);
    expect(await membershipsOf(t, userId)).toHaveLength(1);
    expect(
      await t.database.db.kysely
        .selectFrom('user_groups')
        .select('id')
        .where('owner_id', '=', userId)
        .execute(),
    ).toEqual([{ id: cohortId }]);
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
        const order = (await api.order(token, orderId)).json().order;
        expect(order.status).toBe('fulfilled');
        const seats = await invitesOf(t, orderId);
        expect(seats).toHaveLength(quantity);
        expect(new Set(seats.map((s) => s.group_id))).toEqual(new Set([order.cohortId]));
        // The process that did not fulfil it trusts the buyer's groups as read for a second.
        const listed = await waitFor(async () => {
          const res = await invitationsOf(t, token, order.cohortId);
          return res.statusCode === 200 ? (res.json() as { seats: unknown }) : undefined;
        });
        expect(listed.seats).toEqual({ bought: quantity, used: 0, free: quantity });
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
    await dying.services.jobs.stop();
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
    await quietFor(100); // what must not happen: the closed process fulfilling the order
    expect((await eventsOf(orderId)).map((e) => e.status)).toEqual(['received']);
    expect((await api.order(token, orderId)).json().order.status).toBe('pending');
    expect(await invitesOf(t, orderId)).toHaveLength(0);

    // The next process to start fulfils it, once.
    const restarted = await buildApp(shared);
    await restarted.app.ready();
    try {
      await settled(orderId);
      const order = (await api.order(token, orderId)).json().order;
      expect(order.status).toBe('fulfilled');
      expect(await invitesOf(t, orderId)).toHaveLength(3);
      expect(await membershipsOf(t, userId)).toMatchObject([
        { group_id: order.cohortId, role: 'admin' },
      ]);
      await waitFor(() => mailsTo(t, learner.email)[0]);
      // Stripe retries what it thinks unanswered: the retry changes nothing.
      expect((await deliver(payload)).statusCode).toBe(200);
      await settled(orderId);
      await quietFor(300); // what must not happen: the retry giving more seats or a receipt
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
    await dying.services.jobs.stop();
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

  it('queues, when it starts, a payment recorded before the job runner existed (no job), and fulfils it', async () => {
    const learner = newLearner('upgrade');
    const { token } = await signup(t.app, 'doughmain', learner);
    const { orderId } = await buy(token, 'bundle-1', 2);
    const order = await t.database.db.kysely
      .selectFrom('orders')
      .select('org_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    // As the code before migration 0016 recorded it: the event alone.
    await t.database.db.kysely
      .insertInto('payment_events')
      .values({
        id: `stripe:evt_before_jobs_${orderId}`,
        org_id: order.org_id,
        order_id: orderId,
        type: 'checkout.session.completed',
        received_at: new Date().toISOString(),
        status: 'received',
      })
      .execute();
    expect(await t.services.store.inbox.enqueueReceived()).toBeGreaterThanOrEqual(1);
    // Asked again, it queues nothing more for it: the job's idempotency key.
    await t.services.store.inbox.enqueueReceived();
    expect(
      await t.database.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('idempotency_key', '=', `payment-event:stripe:evt_before_jobs_${orderId}`)
        .execute(),
    ).toHaveLength(1);
    await settled(orderId);
    expect((await api.order(token, orderId)).json().order.status).toBe('fulfilled');
    expect(await invitesOf(t, orderId)).toHaveLength(2);
    await waitFor(() => mailsTo(t, learner.email)[0]);
  });

  it('refuses a bad or missing signature with 400, and changes nothing', async () => {
    const learner = newLearner('signed');
    const { token } = await signup(t.app, 'doughmain', learner);
    const userId = await userIdOf(t, learner.email);
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
    expect(await membershipsOf(t, userId)).toEqual([]);
    // Nothing was recorded either.
    expect(await eventsOf(orderId)).toHaveLength(0);
    // The genuine one still works afterwards: one seat, the buyer joins the bundle's group.
    expect((await deliver(payload)).statusCode).toBe(200);
    await settled(orderId);
    expect((await api.order(token, orderId)).json().order).toMatchObject({
      status: 'fulfilled',
      cohortId: null,
    });
    expect(await membershipsOf(t, userId)).toMatchObject([
      { group_id: 'insiders', role: 'member' },
    ]);
    expect(await invitesOf(t, orderId)).toHaveLength(0);
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
