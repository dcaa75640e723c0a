import { checkContentPack, type ContentPack } from '@portal/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../services/passwords';
import type { TestApp } from '../../test/app';
import { bearer } from '../../test/auth-helpers';
import { startAppOn } from '../../test/app';
import { createTestDatabase } from '../../test/databases';
import { DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { makePack } from '../../test/factories';
import { migrateToLatest } from '../database';

/**
 * Issue 23: migration 0013 moves what the old model made (a buyer of seats administering the
 * bundle's shared group, their seats its invitations, private messages read by a group marker)
 * into cohorts and threads. The database is filled as the code before 0013 filled it, then
 * migrated, then served by the real app.
 */

const ORG_ID = 'org-legacy';
const ALIAS = 'legacy';
const SHARED = 'course';
const PASSWORD = 'legacy-pass-12';
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** Accounts of the old model, by role in the story. */
const USERS = {
  coach: { from_pack: 1, first: 'Cora', last: 'Coach', company: '' },
  buyer: { from_pack: 0, first: 'Bea', last: 'Buyer', company: 'Buyer & Co' },
  single: { from_pack: 0, first: 'Sol', last: 'Single', company: '' },
  m1: { from_pack: 0, first: 'Mia', last: 'One', company: '' },
  m2: { from_pack: 0, first: 'Max', last: 'Two', company: '' },
  m3: { from_pack: 0, first: 'Meg', last: 'Three', company: '' },
  taker: { from_pack: 0, first: 'Tom', last: 'Taker', company: '' },
} as const;
type Who = keyof typeof USERS;
const id = (who: Who) => `user-${who}`;
const emailOf = (who: Who) => `${who}@legacy.example`;

/** The pack the old code imported: the shared group (bundle's), and another. */
function legacyPack(): ContentPack {
  const checked = checkContentPack(
    makePack(ALIAS, {
      organisation: { enableMessaging: true },
      userGroups: [
        {
          _id: SHARED,
          name: { 'en-US': 'Course', 'fr-CA': 'Cours' },
          topics: ['budgeting', 'secret-topic'],
        },
        { _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] },
      ],
      bundles: [{ _id: 'course-bundle', name: 'Course', price: 10, userGroup: SHARED }],
      users: [],
    } as never),
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.pack;
}

/**
 * Writes the organisation as the code before 0013 did: no parent, owner or origin of groups, no
 * cohort of orders, no threads of messages, one read marker per group.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function fillAsTheOldCodeDid(k: Kysely<any>): Promise<void> {
  const pack = legacyPack();
  await k
    .insertInto('organisations')
    .values({
      id: ORG_ID,
      alias: ALIAS,
      settings: JSON.stringify(pack.organisation),
      content_hash: 'legacy',
      created_at: at(0),
      updated_at: at(0),
    })
    .execute();
  await k
    .insertInto('org_hosts')
    .values({ host: `learn.${ALIAS}.example`, org_id: ORG_ID })
    .execute();
  await k
    .insertInto('topics')
    .values(
      pack.topics.map((t, position) => ({
        org_id: ORG_ID,
        id: t._id,
        position,
        is_general: 0,
        visibility: t.visibility,
        data: JSON.stringify(t),
      })),
    )
    .execute();
  await k
    .insertInto('user_groups')
    .values(
      pack.userGroups.map(({ topics: _t, ...g }, position) => ({
        org_id: ORG_ID,
        id: g._id,
        position,
        data: JSON.stringify(g),
      })),
    )
    .execute();
  await k
    .insertInto('user_group_topics')
    .values(
      pack.userGroups.flatMap((g) =>
        g.topics.map((topic_id, position) => ({
          org_id: ORG_ID,
          group_id: g._id,
          topic_id,
          position,
        })),
      ),
    )
    .execute();
  await k
    .insertInto('bundles')
    .values(
      pack.bundles.map((b, position) => ({
        org_id: ORG_ID,
        id: b._id,
        position,
        user_group_id: b.userGroup,
        data: JSON.stringify(b),
      })),
    )
    .execute();

  const hash = await hashPassword(PASSWORD);
  for (const [who, u] of Object.entries(USERS) as [Who, (typeof USERS)[Who]][])
    await k
      .insertInto('users')
      .values({
        id: id(who),
        org_id: ORG_ID,
        username: who,
        username_key: who,
        email: emailOf(who),
        email_key: emailOf(who),
        password_hash: hash,
        first_name: u.first,
        last_name: u.last,
        company: u.company,
        from_pack: u.from_pack,
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();

  // The old model: every buyer administers the shared group; the people who took seats are its
  // members; the coach is an administrator a pack named (and bought two seats as well).
  const members: [Who, string][] = [
    ['coach', 'admin'],
    ['buyer', 'admin'],
    ['single', 'admin'],
    ['m1', 'member'],
    ['m2', 'member'],
    ['m3', 'member'],
    ['taker', 'member'],
  ];
  await k
    .insertInto('user_group_members')
    .values(
      members.map(([who, role]) => ({ org_id: ORG_ID, group_id: SHARED, user_id: id(who), role })),
    )
    .execute();

  const order = (orderId: string, who: Who, quantity: number, minute: number) => ({
    id: orderId,
    org_id: ORG_ID,
    user_id: id(who),
    bundle_id: 'course-bundle',
    bundle_name: JSON.stringify('Course'),
    user_group_id: SHARED,
    quantity,
    unit_cents: 1000,
    percent_off: 0,
    total_cents: 1000 * quantity,
    currency: 'usd',
    status: 'fulfilled',
    provider: 'local',
    provider_session_id: `session-${orderId}`,
    locale: 'en-US',
    created_at: at(minute),
    updated_at: at(minute),
    fulfilled_at: at(minute),
  });
  await k
    .insertInto('orders')
    .values([
      order('order-five', 'buyer', 5, 1),
      order('order-one', 'single', 1, 2),
      order('order-coach', 'coach', 2, 3),
      // A later purchase of the same buyer: its seats join the same cohort.
      order('order-more', 'buyer', 2, 5),
      // Never paid: moves nowhere.
      { ...order('order-pending', 'buyer', 4, 4), status: 'cancelled', fulfilled_at: null },
    ])
    .execute();

  const invite = (
    inviteId: string,
    orderId: string,
    minute: number,
    facts: { email?: string; usedBy?: Who } = {},
  ) => ({
    id: inviteId,
    org_id: ORG_ID,
    group_id: SHARED,
    order_id: orderId,
    email_key: facts.email ?? (facts.usedBy ? emailOf(facts.usedBy) : null),
    created_at: at(minute),
    used_by: facts.usedBy ? id(facts.usedBy) : null,
    used_at: facts.usedBy ? at(minute + 1) : null,
    revoked_at: null,
  });
  await k
    .insertInto('invites')
    .values([
      invite('inv-1', 'order-five', 1, { usedBy: 'm1' }),
      invite('inv-2', 'order-five', 1, { usedBy: 'm2' }),
      invite('inv-3', 'order-five', 1, { email: 'x@legacy.example' }),
      // The old model let the same address be sent a second seat.
      invite('inv-4', 'order-five', 2, { email: 'x@legacy.example' }),
      invite('inv-5', 'order-five', 1),
      invite('inv-6', 'order-more', 5),
      invite('inv-7', 'order-more', 5),
      invite('inv-single', 'order-one', 2),
      invite('inv-coach-1', 'order-coach', 3, { usedBy: 'taker' }),
      invite('inv-coach-2', 'order-coach', 3),
    ])
    .execute();

  const message = (messageId: string, who: Who, minute: number, isPrivate: boolean) => ({
    id: messageId,
    org_id: ORG_ID,
    group_id: SHARED,
    author_id: id(who),
    body: `${messageId} by ${who}`,
    is_private: isPrivate ? 1 : 0,
    created_at: at(minute),
  });
  await k
    .insertInto('messages')
    .values([
      message('msg-group-1', 'buyer', 10, false),
      message('msg-m1-a', 'm1', 11, true),
      message('msg-m2-a', 'm2', 12, true),
      message('msg-m1-b', 'm1', 13, true),
      message('msg-group-2', 'm3', 14, false),
    ])
    .execute();
  // One marker per reader and group: it covered the group's messages and the private ones.
  await k
    .insertInto('message_reads')
    .values([
      { org_id: ORG_ID, account_id: id('m1'), group_id: SHARED, read_at: at(12) },
      { org_id: ORG_ID, account_id: id('m3'), group_id: SHARED, read_at: at(12) },
      { org_id: ORG_ID, account_id: id('coach'), group_id: SHARED, read_at: at(15) },
    ])
    .execute();
}

describe.each(DATABASE_KINDS)('migration 0013 (cohorts) on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp | undefined;
  let cohortId: string;
  let coachCohortId: string;
  const k = () => database.db.kysely;

  beforeAll(async () => {
    database = await createTestDatabase(kind, '0012-group-progress');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await fillAsTheOldCodeDid(database.db.kysely as unknown as Kysely<any>);
    expect((await migrateToLatest(database.db))[0]).toBe('0013-cohorts');
    const owned = async (who: Who) =>
      (
        await k()
          .selectFrom('user_groups')
          .select('id')
          .where('org_id', '=', ORG_ID)
          .where('owner_id', '=', id(who))
          .executeTakeFirstOrThrow()
      ).id;
    cohortId = await owned('buyer');
    coachCohortId = await owned('coach');
  });
  afterAll(async () => {
    if (t) await t.close();
    else await database?.drop();
  });

  const roles = async (groupId: string) =>
    Object.fromEntries(
      (
        await k()
          .selectFrom('user_group_members')
          .select(['user_id', 'role'])
          .where('org_id', '=', ORG_ID)
          .where('group_id', '=', groupId)
          .execute()
      ).map((r) => [r.user_id, r.role]),
    );

  it('makes the buyer of five (and later two) seats the owner and administrator of a cohort under the shared group', async () => {
    const cohorts = await k()
      .selectFrom('user_groups')
      .selectAll()
      .where('org_id', '=', ORG_ID)
      .where('origin', '=', 'purchase')
      .orderBy('position')
      .execute();
    expect(cohorts).toHaveLength(2);
    const cohort = cohorts.find((c) => c.id === cohortId)!;
    expect(cohorts.find((c) => c.id === coachCohortId)).toMatchObject({
      parent_id: SHARED,
      owner_id: id('coach'),
    });
    expect(cohort).toMatchObject({ parent_id: SHARED, owner_id: id('buyer'), origin: 'purchase' });
    expect(cohort.id).toMatch(/^cohort-[A-Za-z0-9_-]{16}$/);
    // Named after the buyer's company, then the group, in each of the group's locales.
    expect(JSON.parse(cohort.data)).toEqual({
      _id: cohort.id,
      name: { 'en-US': 'Buyer & Co · Course', 'fr-CA': 'Buyer & Co · Cours' },
    });
    // The pack's groups stay the pack's.
    const packGroups = await k()
      .selectFrom('user_groups')
      .select(['id', 'parent_id', 'owner_id', 'origin'])
      .where('org_id', '=', ORG_ID)
      .where('origin', '=', 'pack')
      .orderBy('id')
      .execute();
    expect(packGroups).toEqual([
      { id: SHARED, parent_id: null, owner_id: null, origin: 'pack' },
      { id: 'insiders', parent_id: null, owner_id: null, origin: 'pack' },
    ]);

    expect(await roles(cohortId)).toEqual({
      [id('buyer')]: 'admin',
      [id('m1')]: 'member',
      [id('m2')]: 'member',
    });
  });

  it('moves the seats and the people who took them, and takes the shared group from the buyer', async () => {
    const orders = await k()
      .selectFrom('orders')
      .select(['id', 'cohort_id'])
      .where('org_id', '=', ORG_ID)
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: 'order-coach', cohort_id: coachCohortId },
      { id: 'order-five', cohort_id: cohortId },
      { id: 'order-more', cohort_id: cohortId },
      { id: 'order-one', cohort_id: null },
      { id: 'order-pending', cohort_id: null },
    ]);
    const invites = await k()
      .selectFrom('invites')
      .select(['id', 'group_id', 'email_key', 'used_by', 'revoked_at'])
      .where('org_id', '=', ORG_ID)
      .orderBy('id')
      .execute();
    const byId = Object.fromEntries(invites.map((i) => [i.id, i]));
    for (const moved of ['inv-1', 'inv-2', 'inv-3', 'inv-4', 'inv-5', 'inv-6', 'inv-7'])
      expect(byId[moved]!.group_id, moved).toBe(cohortId);
    expect(byId['inv-coach-1']!.group_id).toBe(coachCohortId);
    expect(byId['inv-coach-2']!.group_id).toBe(coachCohortId);
    expect(byId['inv-1']).toMatchObject({ used_by: id('m1'), revoked_at: null });

    const shared = await roles(SHARED);
    // The buyer administers their cohort only; the people of their seats left the shared group.
    expect(shared[id('buyer')]).toBeUndefined();
    expect(shared[id('m1')]).toBeUndefined();
    expect(shared[id('m2')]).toBeUndefined();
    // A member who joined otherwise stays.
    expect(shared[id('m3')]).toBe('member');
    // The coach is the pack's: still an administrator of the shared group, and of their cohort.
    expect(shared[id('coach')]).toBe('admin');
    expect(await roles(coachCohortId)).toEqual({
      [id('coach')]: 'admin',
      [id('taker')]: 'member',
    });
    expect(shared[id('taker')]).toBeUndefined();
  });

  it('makes the buyer of one seat a member, and revokes the invitation the old model gave them', async () => {
    expect((await roles(SHARED))[id('single')]).toBe('member');
    const invite = await k()
      .selectFrom('invites')
      .select(['group_id', 'used_by', 'revoked_at'])
      .where('id', '=', 'inv-single')
      .executeTakeFirstOrThrow();
    expect(invite.group_id).toBe(SHARED);
    expect(invite.used_by).toBeNull();
    expect(invite.revoked_at).not.toBeNull();
  });

  it('keeps one open invitation per address: the later duplicate is an open seat again', async () => {
    const rows = await k()
      .selectFrom('invites')
      .select(['id', 'email_key'])
      .where('id', 'in', ['inv-3', 'inv-4'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'inv-3', email_key: 'x@legacy.example' },
      { id: 'inv-4', email_key: null },
    ]);
    // …and the index keeps it so.
    await expect(
      k()
        .updateTable('invites')
        .set({ email_key: 'x@legacy.example' })
        .where('id', '=', 'inv-4')
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
  });

  it('gives private messages their author’s thread, moves a moved member’s thread with them, and carries read markers over per thread', async () => {
    const messages = await k()
      .selectFrom('messages')
      .select(['id', 'group_id', 'thread_id'])
      .where('org_id', '=', ORG_ID)
      .orderBy('id')
      .execute();
    // The members who joined through the buyer's seats took their private threads along: their
    // buyer and the coach read them, the shared group's other buyers no longer do.
    expect(messages).toEqual([
      { id: 'msg-group-1', group_id: SHARED, thread_id: '' },
      { id: 'msg-group-2', group_id: SHARED, thread_id: '' },
      { id: 'msg-m1-a', group_id: cohortId, thread_id: id('m1') },
      { id: 'msg-m1-b', group_id: cohortId, thread_id: id('m1') },
      { id: 'msg-m2-a', group_id: cohortId, thread_id: id('m2') },
    ]);
    const threads = await k()
      .selectFrom('message_threads')
      .select(['group_id', 'thread_id', 'last_at'])
      .where('org_id', '=', ORG_ID)
      .orderBy('thread_id')
      .execute();
    expect(threads).toEqual([
      { group_id: SHARED, thread_id: '', last_at: at(14) },
      { group_id: cohortId, thread_id: id('m1'), last_at: at(13) },
      { group_id: cohortId, thread_id: id('m2'), last_at: at(12) },
    ]);
    const reads = await k()
      .selectFrom('message_reads')
      .select(['account_id', 'group_id', 'thread_id', 'read_at'])
      .where('org_id', '=', ORG_ID)
      .orderBy('account_id')
      .orderBy('thread_id')
      .execute();
    expect(reads).toEqual([
      // The administrator read every thread up to their marker…
      { account_id: id('coach'), group_id: SHARED, thread_id: '', read_at: at(15) },
      { account_id: id('coach'), group_id: cohortId, thread_id: id('m1'), read_at: at(15) },
      { account_id: id('coach'), group_id: cohortId, thread_id: id('m2'), read_at: at(15) },
      // …a member their own thread and the group's messages…
      { account_id: id('m1'), group_id: SHARED, thread_id: '', read_at: at(12) },
      { account_id: id('m1'), group_id: cohortId, thread_id: id('m1'), read_at: at(12) },
      // …and a member without a thread the group's messages only.
      { account_id: id('m3'), group_id: SHARED, thread_id: '', read_at: at(12) },
    ]);
  });

  describe('then served by the app', () => {
    beforeAll(async () => {
      t = await startAppOn(database);
    });

    const login = async (who: Who) => {
      const res = await t!.app.inject({
        method: 'POST',
        url: `/api/org/${ALIAS}/login`,
        payload: { username: who, password: PASSWORD },
        remoteAddress: `10.13.${Object.keys(USERS).indexOf(who)}.1`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const get = (token: string, path: string) =>
      t!.app.inject({ method: 'GET', url: `/api/org/${ALIAS}${path}`, headers: bearer(token) });

    it('shows the buyer their cohort’s members and seats, and refuses them the old shared group', async () => {
      const token = await login('buyer');
      const groups = await get(token, '/userGroup');
      expect(groups.json()).toEqual({
        groups: [{ _id: cohortId, name: 'Buyer & Co · Course', parentId: SHARED }],
      });
      const members = await get(token, `/userGroup/${cohortId}/members`);
      expect(members.statusCode, members.body).toBe(200);
      const body = members.json();
      expect(body.group).toEqual({
        _id: cohortId,
        name: 'Buyer & Co · Course',
        parent: { _id: SHARED, name: 'Course' },
      });
      expect(body.members.map((m: { account: { _id: string } }) => m.account._id).sort()).toEqual(
        [id('m1'), id('m2')].sort(),
      );
      expect(body.seats).toEqual({ bought: 7, used: 2, free: 5 });
      expect(body.topics.map((topic: { _id: string }) => topic._id)).toEqual([
        'budgeting',
        'secret-topic',
      ]);
      const invites = await get(token, `/userGroup/${cohortId}/invites`);
      expect(invites.statusCode, invites.body).toBe(200);
      expect(
        invites.json().invitations.map((i: { _id: string; state: string }) => [i._id, i.state]),
      ).toEqual([
        ['inv-3', 'pending'],
        ['inv-5', 'open'],
        ['inv-4', 'open'],
        ['inv-6', 'open'],
        ['inv-7', 'open'],
      ]);

      for (const path of [`/userGroup/${SHARED}/members`, `/userGroup/${SHARED}/invites`]) {
        const refused = await get(token, path);
        expect(refused.statusCode, path).toBe(404);
        expect(refused.json()).toEqual({ errors: ['You are not a member of this group.'] });
      }
    });

    it('lets the moved members read their cohort and the shared group’s topics', async () => {
      const token = await login('m1');
      const account = await get(token, '/account/settings');
      expect(
        account
          .json()
          .account.userGroups.map((g: { _id: string; parentId?: string }) => [g._id, g.parentId]),
      ).toEqual([[cohortId, SHARED]]);
      const messages = await get(token, `/userGroup/${cohortId}/message`);
      expect(messages.statusCode, messages.body).toBe(200);
      // A private topic of the shared group: the cohort's members see it.
      const topic = await get(token, '/topic/secret-topic');
      expect(topic.statusCode, topic.body).toBe(200);
    });

    it('leaves the one-seat buyer a member of the shared group, and the coach its administrator', async () => {
      const single = await login('single');
      expect((await get(single, `/userGroup/${SHARED}/members`)).statusCode).toBe(403);
      expect((await get(single, '/userGroup')).json()).toEqual({ groups: [] });

      const coach = await login('coach');
      const members = await get(coach, `/userGroup/${SHARED}/members`);
      expect(members.statusCode, members.body).toBe(200);
      expect(
        members
          .json()
          .cohorts.map((c: { _id: string }) => c._id)
          .sort(),
      ).toEqual([cohortId, coachCohortId].sort());
      expect(
        members
          .json()
          .members.map((m: { account: { _id: string } }) => m.account._id)
          .sort(),
      ).toEqual([id('m3'), id('single')].sort());
      // The old private messages moved with their members: the coach reads them in the cohort.
      const shared = await get(coach, `/userGroup/${SHARED}/message/threads`);
      expect(shared.json().threads).toEqual([]);
      const threads = await get(coach, `/userGroup/${cohortId}/message/threads`);
      expect(
        threads.json().threads.map((x: { thread: string; unread: number }) => [x.thread, x.unread]),
      ).toEqual([
        [id('m1'), 0],
        [id('m2'), 0],
      ]);
      // And their buyer reads them too.
      const buyer = await login('buyer');
      const theirs = await get(buyer, `/userGroup/${cohortId}/message?isPrivate=true`);
      expect(
        theirs
          .json()
          .results.map((m: { _id: string }) => m._id)
          .sort(),
      ).toEqual(['msg-m1-a', 'msg-m1-b', 'msg-m2-a']);
      expect((await get(coach, `/userGroup/${cohortId}/members`)).statusCode).toBe(200);
    });

    it('counts unread messages from the carried-over markers', async () => {
      const m3 = await login('m3');
      const unread = await get(m3, '/message/unread');
      // m3 read up to minute 12: the group message of minute 14 is m3's own; none is unread.
      expect(unread.json().groups).toEqual([
        { groupId: SHARED, unread: 0, group: 0, private: 0, threads: [] },
      ]);
      const single = await login('single');
      // Without a marker, the group's two messages are unread (neither is the learner's).
      expect((await get(single, '/message/unread')).json().groups).toEqual([
        { groupId: SHARED, unread: 2, group: 2, private: 0, threads: [] },
      ]);
    });
  });
});
