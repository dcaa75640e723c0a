import { randomBytes, randomUUID } from 'node:crypto';
import { errorBodySchema } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCertificate } from '../db/repositories/certificates';
import { newCertificateId } from '../services/certificates';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import {
  buildCustomerWorld,
  PARENT,
  routeTable,
  TOPIC,
  type CustomerWorld,
  type Person,
} from '../test/cohorts';
import { DATABASE_KINDS } from '../test/databases';
import { makePack } from '../test/factories';
import { studioTopic } from '../test/studio';

/**
 * Issue 23: the customer matrix, beside the tenant matrix. In one organisation, buyers A and B
 * each own a cohort under the bundle's shared group (a member, a pending invitation, a private
 * thread, a group message); a member of the shared group and the organisation's coach complete
 * it. Every route of the route table that takes a group, member, invitation or order id (in its
 * path, or a thread or invitation in its query or body) is tried by A, by A's member and by the
 * shared group's member against B's cohort and the shared group: each answer is 401, 403 or 404
 * (or the route's declared form error) with the error body alone, shows none of B's text or ids,
 * is exactly the answer to an id nobody has, and changes nothing of B's. Then the positive side:
 * A reaches A's cohort on every one of these routes, and the coach reaches both cohorts and the
 * shared group.
 */

/** The ids a request names. */
interface Ids {
  groupId: string;
  accountId: string;
  inviteId: string;
  orderId: string;
  /** A private thread (the member's account id) of `?thread=`, `threadOf` and `{thread}`. */
  thread: string;
}

type IdName = keyof Ids;

interface Variant {
  /** The route, as the route table names it. */
  key: string;
  /** What of the route this variant tries, when a route has several. */
  label?: string;
  /** The ids the request names (the cases that change none of them do not apply). */
  uses: IdName[];
  request(org: string, ids: Ids, who: Person): InjectOptions;
  /** A refusal other than 401/403/404, with why; it must still be the unknown id's answer. */
  refusal?: { status: number; reason: string };
  /**
   * In the caller's own cohort, another's thread id answers as an unknown one does, with success
   * and nothing in it: why that is no leak.
   */
  ownGroupAnswer?: string;
  /** The owner's own call (A on A's cohort): the statuses that prove the route is reached. */
  own: { status: number; ids?: (world: CustomerWorld) => Partial<Ids> };
}

const PASSWORD = 'correct-horse-1';
const INVITE_REFUSAL = {
  status: 400,
  reason:
    'an invitation that cannot be used by this account is a form error (errfor inviteId), the same for another’s, unknown, used and revoked ones',
};
const THREAD_IN_OWN_GROUP =
  'an administrator reads (or marks read) any thread of their own cohort: a thread id that has no message there, another buyer’s member’s included, reads as empty, as an unknown id does';

const enc = encodeURIComponent;
const group = (org: string, ids: Ids) => `/api/org/${org}/userGroup/${enc(ids.groupId)}`;
const auth = (who: Person) => bearer(who.token);
let freshAddress = 0;
const address = () => {
  freshAddress += 1;
  return `10.123.${freshAddress % 250}.${(freshAddress >> 8) % 250}`;
};

const VARIANTS: Variant[] = [
  {
    key: 'GET /api/org/{org}/order/{orderId}',
    uses: ['orderId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `/api/org/${org}/order/${enc(ids.orderId)}`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/order/{orderId}/pay',
    uses: ['orderId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `/api/org/${org}/order/${enc(ids.orderId)}/pay`,
      headers: auth(who),
    }),
    // Paid already: the order as it is.
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/order/{orderId}/cancel',
    uses: ['orderId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `/api/org/${org}/order/${enc(ids.orderId)}/cancel`,
      headers: auth(who),
    }),
    // A paid order cannot be cancelled.
    own: { status: 409 },
  },
  {
    key: 'POST /api/org/{org}/invite/{inviteId}/accept',
    uses: ['inviteId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `/api/org/${org}/invite/${enc(ids.inviteId)}/accept`,
      headers: auth(who),
    }),
    refusal: INVITE_REFUSAL,
    // The buyer's own open seat: they are in their cohort already.
    own: { status: 409, ids: (w) => ({ inviteId: w.a.openInviteId }) },
  },
  {
    key: 'POST /api/org/{org}/login',
    label: 'with inviteId',
    uses: ['inviteId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `/api/org/${org}/login`,
      payload: { username: who.username, password: PASSWORD, inviteId: ids.inviteId },
      remoteAddress: address(),
    }),
    refusal: INVITE_REFUSAL,
    own: { status: 200, ids: (w) => ({ inviteId: w.a.openInviteId }) },
  },
  {
    key: 'POST /api/org/{org}/signup',
    label: 'with inviteId',
    uses: ['inviteId'],
    request: (org, ids) => {
      const name = `matrix${randomBytes(5).toString('hex')}`;
      return {
        method: 'POST',
        url: `/api/org/${org}/signup`,
        payload: {
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          inviteId: ids.inviteId,
        },
        remoteAddress: address(),
      };
    },
    refusal: INVITE_REFUSAL,
    // Someone new takes the buyer's open seat: the link is the credential.
    own: { status: 200, ids: (w) => ({ inviteId: w.a.openInviteId }) },
  },
  {
    key: 'POST /api/org/{org}/signup/{suffix}',
    label: 'the invitation as the suffix',
    uses: ['inviteId'],
    request: (org, ids) => {
      const name = `matrix${randomBytes(5).toString('hex')}`;
      return {
        method: 'POST',
        url: `/api/org/${org}/signup/${enc(ids.inviteId)}`,
        payload: { username: name, email: `${name}@example.com`, password: PASSWORD },
        remoteAddress: address(),
      };
    },
    refusal: INVITE_REFUSAL,
    // The open seat was taken by the sign-up above: a used invitation is refused as unknown.
    own: { status: 400, ids: (w) => ({ inviteId: w.a.openInviteId }) },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/invites',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/invites`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/invites',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/invites`,
      headers: auth(who),
      payload: { emails: `matrix-${randomBytes(4).toString('hex')}@example.com` },
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/resend',
    uses: ['groupId', 'inviteId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/invites/${enc(ids.inviteId)}/resend`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke',
    uses: ['groupId', 'inviteId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/invites/${enc(ids.inviteId)}/revoke`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/members',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/members`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/members.csv',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/members.csv`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/members/{accountId}/topic/{topicId}/worksheet/{index}',
    uses: ['groupId', 'accountId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/members/${enc(ids.accountId)}/topic/${TOPIC}/worksheet/0`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}',
    uses: ['groupId', 'accountId'],
    request: (org, ids, who) => ({
      method: 'DELETE',
      url: `${group(org, ids)}/members/${enc(ids.accountId)}`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/message',
    label: 'group messages',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/message`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/message',
    label: 'private messages',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/message?isPrivate=true`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/message',
    label: 'one thread',
    uses: ['groupId', 'thread'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/message?isPrivate=true&thread=${enc(ids.thread)}`,
      headers: auth(who),
    }),
    ownGroupAnswer: THREAD_IN_OWN_GROUP,
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/message',
    label: 'to the group',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/message`,
      headers: auth(who),
      payload: { body: 'Posted by the customer matrix' },
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/message',
    label: 'privately',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/message`,
      headers: auth(who),
      payload: { body: 'Asked by the customer matrix', isPrivate: true },
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/message',
    label: 'answer in a thread',
    uses: ['groupId', 'thread'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/message`,
      headers: auth(who),
      payload: { body: 'Answered by the customer matrix', isPrivate: true, threadOf: ids.thread },
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/message/read',
    label: 'group',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/message/read`,
      headers: auth(who),
      payload: {},
    }),
    own: { status: 200 },
  },
  {
    key: 'POST /api/org/{org}/userGroup/{groupId}/message/read',
    label: 'one thread',
    uses: ['groupId', 'thread'],
    request: (org, ids, who) => ({
      method: 'POST',
      url: `${group(org, ids)}/message/read`,
      headers: auth(who),
      payload: { thread: ids.thread },
    }),
    ownGroupAnswer: THREAD_IN_OWN_GROUP,
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/message/threads',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/message/threads`,
      headers: auth(who),
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/message/stream',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/message/stream`,
      headers: auth(who),
      payloadAsStream: true,
    }),
    own: { status: 200 },
  },
  {
    key: 'GET /api/org/{org}/userGroup/{groupId}/oauthuserprompt',
    uses: ['groupId'],
    request: (org, ids, who) => ({
      method: 'GET',
      url: `${group(org, ids)}/oauthuserprompt`,
      headers: auth(who),
    }),
    // A cohort has no single sign-on of its own (a pack refuses one): its prompt is unknown.
    own: { status: 404 },
  },
];

/**
 * Routes of the route table that take such an id but are not tried here, each with why. None
 * today: every one is in VARIANTS.
 */
const CONSOLE_REFUSES =
  'the console refuses every customer (buyers, members, the coach: none administers the organisation) before reading the id: tried with B’s cohort in “refuses the console to buyers…”';
const CONSOLE_PEOPLE_REFUSES =
  'the console refuses every customer before reading the id: tried with B’s buyer in “refuses the console’s People routes…”';
const CONSOLE_ORDERS_REFUSE =
  'the console refuses every customer before reading the id, and refunds nothing: tried with A’s and B’s orders in “refuses the console’s orders…”';
const NOT_TRIED: Record<string, string> = {
  'PUT /api/org/{org}/admin/group/{groupId}': CONSOLE_REFUSES,
  'POST /api/org/{org}/admin/group/{groupId}/admins': CONSOLE_REFUSES,
  'DELETE /api/org/{org}/admin/group/{groupId}/admins/{accountId}': CONSOLE_REFUSES,
  'PUT /api/org/{org}/admin/group/{groupId}/sso': CONSOLE_REFUSES,
  'POST /api/org/{org}/admin/group/{groupId}/sso/test': CONSOLE_REFUSES,
  'GET /api/org/{org}/admin/people/{accountId}': CONSOLE_PEOPLE_REFUSES,
  'POST /api/org/{org}/admin/people/{accountId}/invitation': CONSOLE_PEOPLE_REFUSES,
  'PUT /api/org/{org}/admin/people/{accountId}/roles': CONSOLE_PEOPLE_REFUSES,
  'PUT /api/org/{org}/admin/people/{accountId}/groups': CONSOLE_PEOPLE_REFUSES,
  'POST /api/org/{org}/admin/people/{accountId}/deactivate': CONSOLE_PEOPLE_REFUSES,
  'POST /api/org/{org}/admin/people/{accountId}/reactivate': CONSOLE_PEOPLE_REFUSES,
  'GET /api/org/{org}/admin/people/{accountId}/export': CONSOLE_PEOPLE_REFUSES,
  'DELETE /api/org/{org}/admin/people/{accountId}': CONSOLE_PEOPLE_REFUSES,
  'GET /api/org/{org}/admin/orders/{orderId}': CONSOLE_ORDERS_REFUSE,
  'POST /api/org/{org}/admin/orders/{orderId}/refund': CONSOLE_ORDERS_REFUSE,
};

/** A route whose path names a group, member, invitation or order: it must be tried or listed. */
const TAKES_AN_ID = /\{(groupId|accountId|inviteId|orderId)\}/;

interface Case {
  name: string;
  who: (w: CustomerWorld) => Person;
  ids: (w: CustomerWorld) => Ids;
  /** The same caller with ids nobody has (their own group kept where the case keeps it). */
  baseline: (w: CustomerWorld, unknown: Ids) => Ids;
  /** The caller's own group with another's ids: only the routes naming more than the group. */
  ownGroup?: boolean;
}

const idsOfB = (w: CustomerWorld): Ids => ({
  groupId: w.b.cohortId,
  accountId: w.b.member.userId,
  inviteId: w.b.pendingInviteId,
  orderId: w.b.orderId,
  thread: w.b.member.userId,
});
const idsOfParent = (w: CustomerWorld): Ids => ({
  groupId: PARENT,
  accountId: w.parentMember.userId,
  // An invitation under the shared group (B's, in B's cohort).
  inviteId: w.b.pendingInviteId,
  orderId: w.parentMember.orderId,
  thread: w.parentMember.userId,
});

const CASES: Case[] = [
  {
    name: 'buyer A → cohort B',
    who: (w) => w.a.buyer,
    ids: idsOfB,
    baseline: (_w, unknown) => unknown,
  },
  {
    name: 'buyer A → B’s ids in cohort A',
    who: (w) => w.a.buyer,
    ids: (w) => ({ ...idsOfB(w), groupId: w.a.cohortId }),
    baseline: (w, unknown) => ({ ...unknown, groupId: w.a.cohortId }),
    ownGroup: true,
  },
  {
    name: 'buyer A → shared group',
    who: (w) => w.a.buyer,
    ids: idsOfParent,
    baseline: (_w, unknown) => unknown,
  },
  {
    name: 'member of A → cohort B',
    who: (w) => w.a.member,
    ids: idsOfB,
    baseline: (_w, unknown) => unknown,
  },
  {
    name: 'member of A → B’s ids in cohort A',
    who: (w) => w.a.member,
    ids: (w) => ({ ...idsOfB(w), groupId: w.a.cohortId }),
    baseline: (w, unknown) => ({ ...unknown, groupId: w.a.cohortId }),
    ownGroup: true,
  },
  {
    name: 'member of A → shared group',
    who: (w) => w.a.member,
    ids: idsOfParent,
    baseline: (_w, unknown) => unknown,
  },
  {
    name: 'member of the shared group → cohort B',
    who: (w) => w.parentMember,
    ids: idsOfB,
    baseline: (_w, unknown) => unknown,
  },
];

const applies = (variant: Variant, c: Case) =>
  c.ownGroup ? variant.uses.some((id) => id !== 'groupId') : variant.uses.length > 0;

const variantName = (v: Variant) => (v.label ? `${v.key} (${v.label})` : v.key);

describe.each(DATABASE_KINDS)('the customer matrix on %s', (kind) => {
  let t: TestApp;
  let w: CustomerWorld;
  let unknown: Ids;

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = await buildCustomerWorld(t);
    const nobody = randomUUID();
    unknown = {
      groupId: `cohort-${randomBytes(12).toString('base64url')}`,
      accountId: nobody,
      inviteId: randomBytes(16).toString('base64url'),
      orderId: randomUUID(),
      thread: nobody,
    };
  });
  afterAll(async () => t?.close());

  async function send(request: InjectOptions): Promise<{ status: number; body: string }> {
    const res = await t.app.inject(request);
    let body = '';
    if (request.payloadAsStream) {
      const stream = res.stream();
      // A stream that opens never ends: its head is the answer.
      if (res.statusCode < 300) stream.destroy();
      else for await (const chunk of stream) body += String(chunk);
    } else body = res.body;
    return { status: res.statusCode, body };
  }

  /** Everything of B's and of the shared group, row by row, in a stable order. */
  async function snapshot() {
    const k = t.database.db.kysely;
    const groups = [w.b.cohortId, PARENT];
    const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
    return {
      groups: sorted(
        await k.selectFrom('user_groups').selectAll().where('id', 'in', groups).execute(),
      ),
      members: sorted(
        await k
          .selectFrom('user_group_members')
          .selectAll()
          .where('group_id', 'in', groups)
          .execute(),
      ),
      invites: sorted(
        await k.selectFrom('invites').selectAll().where('group_id', 'in', groups).execute(),
      ),
      messages: sorted(
        await k.selectFrom('messages').selectAll().where('group_id', 'in', groups).execute(),
      ),
      threads: sorted(
        await k.selectFrom('message_threads').selectAll().where('group_id', 'in', groups).execute(),
      ),
      reads: sorted(
        await k.selectFrom('message_reads').selectAll().where('group_id', 'in', groups).execute(),
      ),
      orders: sorted(
        await k
          .selectFrom('orders')
          .selectAll()
          .where('user_id', 'in', [w.b.buyer.userId, w.parentMember.userId])
          .execute(),
      ),
      users: sorted(
        await k
          .selectFrom('users')
          .select(['id', 'username', 'email', 'first_name', 'last_name', 'updated_at'])
          .where('id', 'in', [w.b.buyer.userId, w.b.member.userId, w.parentMember.userId])
          .execute(),
      ),
    };
  }

  it('knows every route that takes a group, member, invitation or order id', () => {
    const routes = routeTable(t.routes);
    const tried = new Set(VARIANTS.map((v) => v.key));
    const missing = routes.filter((r) => TAKES_AN_ID.test(r) && !tried.has(r) && !(r in NOT_TRIED));
    expect(missing, 'routes taking such an id that the customer matrix does not try').toEqual([]);
    const gone = [...tried, ...Object.keys(NOT_TRIED)].filter((r) => !routes.includes(r));
    expect(gone, 'routes listed here that the app no longer has').toEqual([]);
  });

  it('refuses A, A’s member and the shared group’s member everything of B’s, as it refuses an unknown id', async () => {
    const before = await snapshot();
    const protectedText = [
      ...w.b.secrets,
      ...w.parentSecrets,
      w.b.cohortId,
      w.b.buyer.userId,
      w.b.member.userId,
      w.b.orderId,
      w.b.pendingInviteId,
      w.b.openInviteId,
      w.parentMember.userId,
      w.parentMember.orderId,
    ];
    const leaks: string[] = [];
    const table: string[] = [];
    let cases = 0;
    for (const variant of VARIANTS) {
      const row: string[] = [];
      for (const c of CASES) {
        if (!applies(variant, c)) continue;
        cases += 1;
        const who = c.who(w);
        const theirs = await send(variant.request(w.org, c.ids(w), who));
        const none = await send(variant.request(w.org, c.baseline(w, unknown), who));
        row.push(`${theirs.status}`);
        const problem = (what: string) =>
          leaks.push(
            `${variantName(variant)} [${c.name}] ${what}: ${theirs.status} ${theirs.body.slice(0, 200)}`,
          );
        if (theirs.status !== none.status || theirs.body !== none.body)
          problem(
            `answers otherwise than an unknown id (${none.status} ${none.body.slice(0, 120)})`,
          );
        if (theirs.status < 400) {
          if (!(c.ownGroup && variant.ownGroupAnswer)) problem('is not refused');
        } else {
          const allowed = [401, 403, 404, ...(variant.refusal ? [variant.refusal.status] : [])];
          if (!allowed.includes(theirs.status)) problem('refused with an unexpected status');
          let json: unknown;
          try {
            json = JSON.parse(theirs.body);
          } catch {
            json = undefined;
          }
          const parsed = errorBodySchema.safeParse(json);
          if (!parsed.success || JSON.stringify(parsed.data) !== JSON.stringify(json))
            problem('answers more than the error body');
        }
        for (const secret of protectedText)
          if (theirs.body.includes(secret)) problem(`shows "${secret}"`);
      }
      table.push(`${variantName(variant).padEnd(100)} ${row.join(' ')}`);
    }
    expect(await snapshot(), 'nothing of B’s or of the shared group changed').toEqual(before);
    const routeCount = new Set(VARIANTS.map((v) => v.key)).size;
    console.log(
      `customer matrix on ${kind}: ${routeCount} routes × ${CASES.length} cases = ${cases} cases; leaks: ${leaks.length}\n${table.join('\n')}`,
    );
    expect(leaks).toEqual([]);
    expect(cases).toBeGreaterThan(100);
  });

  it('lists nothing of B’s in what A and A’s member are shown of their own', async () => {
    const bText = [
      ...w.b.secrets,
      w.b.cohortId,
      w.b.orderId,
      w.b.pendingInviteId,
      w.b.openInviteId,
    ];
    for (const who of [w.a.buyer, w.a.member, w.parentMember])
      for (const url of [
        `/api/org/${w.org}/userGroup`,
        `/api/org/${w.org}/message/unread`,
        `/api/org/${w.org}/order`,
        `/api/org/${w.org}/account/settings`,
      ]) {
        const res = await send({ method: 'GET', url, headers: auth(who) });
        expect(res.status, url).toBe(200);
        for (const secret of bText)
          expect(res.body, `${url} shows ${secret}`).not.toContain(secret);
      }
    const mine = await send({
      method: 'GET',
      url: `/api/org/${w.org}/userGroup`,
      headers: auth(w.a.buyer),
    });
    expect(JSON.parse(mine.body).groups).toEqual([
      expect.objectContaining({ _id: w.a.cohortId, parentId: PARENT }),
    ]);
  });

  it('lets the coach reach both cohorts and the shared group: members, invitations, threads', async () => {
    const get = async (path: string) => {
      const res = await send({
        method: 'GET',
        url: `/api/org/${w.org}${path}`,
        headers: auth(w.coach),
      });
      expect(res.status, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
      return JSON.parse(res.body);
    };
    const groups = await get('/userGroup');
    expect(groups.groups.map((g: { _id: string }) => g._id)).toEqual(
      expect.arrayContaining([PARENT, w.a.cohortId, w.b.cohortId]),
    );
    for (const cohort of [w.a, w.b]) {
      const members = await get(`/userGroup/${cohort.cohortId}/members`);
      expect(members.group.parent).toEqual({ _id: PARENT, name: 'Course' });
      expect(members.members.map((m: { account: { _id: string } }) => m.account._id)).toEqual([
        cohort.member.userId,
      ]);
      expect(members.invites.map((i: { email: string | null }) => i.email)).toContain(
        cohort.pendingEmail.toLowerCase(),
      );
      const invites = await get(`/userGroup/${cohort.cohortId}/invites`);
      expect(invites.seats).toEqual({ bought: 3, used: 1, free: 2 });
      const threads = await get(`/userGroup/${cohort.cohortId}/message/threads`);
      expect(threads.threads.map((x: { thread: string }) => x.thread)).toEqual([
        cohort.member.userId,
      ]);
      const thread = await get(
        `/userGroup/${cohort.cohortId}/message?isPrivate=true&thread=${cohort.member.userId}`,
      );
      expect(thread.results.map((m: { body: string }) => m.body).sort()).toEqual(
        [cohort.bodies.asked, cohort.bodies.answered].sort(),
      );
      const report = await get(
        `/userGroup/${cohort.cohortId}/members/${cohort.member.userId}/topic/${TOPIC}/worksheet/0`,
      );
      expect(report.scores).toMatchObject({ score: 1, total: 1 });
      const answer = await send({
        method: 'POST',
        url: `/api/org/${w.org}/userGroup/${cohort.cohortId}/message`,
        headers: auth(w.coach),
        payload: {
          body: `Coach to ${cohort.tag}`,
          isPrivate: true,
          threadOf: cohort.member.userId,
        },
      });
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).message.thread).toBe(cohort.member.userId);
    }
    const parent = await get(`/userGroup/${PARENT}/members`);
    expect(parent.members.map((m: { account: { _id: string } }) => m.account._id)).toEqual([
      w.parentMember.userId,
    ]);
    expect(parent.cohorts.map((c: { _id: string }) => c._id).sort()).toEqual(
      [w.a.cohortId, w.b.cohortId].sort(),
    );
    const parentThreads = await get(`/userGroup/${PARENT}/message/threads`);
    expect(parentThreads.threads.map((x: { thread: string }) => x.thread)).toEqual([
      w.parentMember.userId,
    ]);
  });

  /** A settings save as the console sends it (a pack's settings, no alias, no host). */
  const savedSettings = () => {
    const { alias: _alias, ...settings } = makePack('customer').organisation;
    return { settings: { ...settings, hosts: [] }, version: 1 };
  };

  it('refuses the console to buyers, members and the coach (not administrators: 403), with nothing of B’s', async () => {
    const wrong: string[] = [];
    const admin = `/api/org/${w.org}/admin`;
    const requests: InjectOptions[] = [
      { method: 'GET', url: `${admin}/audit` },
      { method: 'GET', url: `${admin}/audit?target=group:${w.b.cohortId}` },
      { method: 'GET', url: `${admin}/audit.csv` },
      { method: 'GET', url: `${admin}/settings` },
      { method: 'PUT', url: `${admin}/settings`, payload: savedSettings() },
      { method: 'GET', url: `${admin}/settings/versions` },
      { method: 'POST', url: `${admin}/settings/publish`, payload: {} },
      { method: 'POST', url: `${admin}/settings/restore`, payload: { version: 1 } },
      { method: 'GET', url: `${admin}/groups` },
      { method: 'POST', url: `${admin}/groups`, payload: { _id: 'customer-team', name: 'x' } },
      // B's cohort by its id: refused before it is read.
      {
        method: 'PUT',
        url: `${admin}/group/${w.b.cohortId}`,
        payload: { name: 'Taken over', topics: [] },
      },
      {
        method: 'POST',
        url: `${admin}/group/${w.b.cohortId}/admins`,
        payload: { email: 'a@b.example' },
      },
      { method: 'DELETE', url: `${admin}/group/${w.b.cohortId}/admins/${w.b.buyer.userId}` },
      // The shared group's single sign-on: set and tested, refused before anything is read.
      {
        method: 'PUT',
        url: `${admin}/group/${PARENT}/sso`,
        payload: { sso: { issuer: 'https://idp.customer.example', clientId: 'mine' } },
      },
      { method: 'POST', url: `${admin}/group/${PARENT}/sso/test`, payload: {} },
      { method: 'GET', url: `${admin}/certificates` },
      {
        method: 'POST',
        url: `${admin}/certificates/0123456789abcdefghjkmnpqrs/revoke`,
        payload: { reason: 'Not mine to revoke' },
      },
      { method: 'GET', url: `${admin}/bundles` },
    ];
    for (const who of [w.a.buyer, w.a.member, w.parentMember, w.coach])
      for (const request of requests) {
        const url = `${request.method} ${request.url}`;
        const res = await send({ ...request, headers: auth(who) });
        if (res.status !== 403) wrong.push(`${url}: ${res.status} ${res.body.slice(0, 120)}`);
        for (const secret of [...w.b.secrets, w.b.cohortId])
          if (res.body.includes(secret)) wrong.push(`${url} shows "${secret}"`);
      }
    expect(wrong).toEqual([]);
  });

  it('answers the Open Badge issuer and keys alike to everyone, with nothing of B’s; A’s badge holds nothing of B’s', async () => {
    // A certificate of A's member, and its badge: the organisation's key is made.
    const certificateId = newCertificateId();
    await insertCertificate(t.database.db, {
      id: certificateId,
      orgId: w.orgId,
      userId: w.a.member.userId,
      topicId: TOPIC,
      learnerName: `${w.a.member.first} ${w.a.member.last}`,
      topicName: { 'en-US': 'Topic' },
      organisationName: 'Customer',
      locale: 'en-US',
      issuedAt: new Date().toISOString(),
    });
    const badge = await send({ method: 'GET', url: `/api/verify/${certificateId}/badge` });
    expect(badge.status, badge.body).toBe(200);
    const claims = Buffer.from(badge.body.split('.')[1]!, 'base64url').toString('utf8');
    for (const secret of [...w.b.secrets, w.b.cohortId, w.a.member.email, w.a.member.username])
      expect(claims).not.toContain(secret);
    const host = `learn.${w.org}.example`;
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/.well-known/jwks.json', headers: { host } },
      { method: 'GET', url: `/api/org/${w.org}/issuer` },
    ];
    for (const request of requests) {
      const answers = new Set<string>();
      for (const who of [w.a.buyer, w.a.member, w.b.buyer, w.parentMember, w.coach, null]) {
        const res = await send({
          ...request,
          headers: { ...request.headers, ...(who && auth(who)) },
        });
        expect(res.status, res.body).toBe(200);
        answers.add(res.body);
        for (const secret of [...w.b.secrets, ...w.a.secrets, w.b.cohortId])
          expect(res.body, `${request.url} shows "${secret}"`).not.toContain(secret);
      }
      expect(answers.size, `${request.url}: one answer for everyone`).toBe(1);
    }
  });

  it('refuses the console’s People routes to buyers, members and the coach (403), with nothing of B’s', async () => {
    const admin = `/api/org/${w.org}/admin`;
    const person = `${admin}/people/${w.b.buyer.userId}`;
    const requests: InjectOptions[] = [
      { method: 'GET', url: `${admin}/people` },
      { method: 'GET', url: `${admin}/people?group=${w.b.cohortId}` },
      { method: 'POST', url: `${admin}/people`, payload: { email: 'customer-made@example.com' } },
      { method: 'GET', url: person },
      { method: 'POST', url: `${person}/invitation` },
      { method: 'PUT', url: `${person}/roles`, payload: { roles: ['learner', 'admin'] } },
      { method: 'PUT', url: `${person}/groups`, payload: { group: w.b.cohortId, role: 'admin' } },
      { method: 'POST', url: `${person}/deactivate` },
      { method: 'POST', url: `${person}/reactivate` },
      { method: 'GET', url: `${person}/export` },
      // Every caller signed in moments ago: a fresh sign-in would do for the proof, so only the
      // policy stands between them and B's buyer.
      { method: 'DELETE', url: person, payload: {} },
      {
        method: 'POST',
        url: `${admin}/people-import/dry-run`,
        payload: { csv: `email,first name,last name,groups\nx@example.com,X,Y,${w.b.cohortId}` },
      },
      {
        method: 'POST',
        url: `${admin}/people-import`,
        payload: { csv: `email,first name,last name,groups\nx@example.com,X,Y,${w.b.cohortId}` },
      },
      { method: 'GET', url: `${admin}/people-import/any-import` },
    ];
    const before = await snapshot();
    const wrong: string[] = [];
    for (const who of [w.a.buyer, w.a.member, w.parentMember, w.coach])
      for (const request of requests) {
        const res = await send({ ...request, headers: auth(who) });
        if (res.status !== 403)
          wrong.push(`${request.method} ${request.url}: ${res.status} ${res.body.slice(0, 120)}`);
        for (const secret of [...w.b.secrets, w.b.cohortId])
          if (res.body.includes(secret)) wrong.push(`${request.url} shows "${secret}"`);
      }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the console’s orders to buyers, members and the coach (403): nothing of B’s shown, nothing refunded', async () => {
    const admin = `/api/org/${w.org}/admin`;
    const requests: InjectOptions[] = [
      { method: 'GET', url: `${admin}/orders` },
      { method: 'GET', url: `${admin}/orders?buyer=${w.b.buyer.username}` },
      { method: 'GET', url: `${admin}/orders/${w.b.orderId}` },
      { method: 'POST', url: `${admin}/orders/${w.b.orderId}/refund` },
      { method: 'POST', url: `${admin}/orders/${w.a.orderId}/refund` },
    ];
    const before = await snapshot();
    const wrong: string[] = [];
    for (const who of [w.a.buyer, w.a.member, w.parentMember, w.coach])
      for (const request of requests) {
        const res = await send({ ...request, headers: auth(who) });
        if (res.status !== 403)
          wrong.push(`${request.method} ${request.url}: ${res.status} ${res.body.slice(0, 120)}`);
        for (const secret of [...w.b.secrets, w.b.orderId])
          if (res.body.includes(secret)) wrong.push(`${request.url} shows "${secret}"`);
      }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every studio route to buyers, members and the coach (learners: 403), showing nothing of B’s', async () => {
    const studio = `/api/org/${w.org}/studio`;
    const requests = (groupId: string): InjectOptions[] => [
      { method: 'GET', url: `${studio}/topics` },
      { method: 'POST', url: `${studio}/topics`, payload: { topic: studioTopic('customer-made') } },
      { method: 'GET', url: `${studio}/topic/${TOPIC}` },
      {
        method: 'PUT',
        url: `${studio}/topic/${TOPIC}`,
        payload: { topic: studioTopic(TOPIC), version: 1 },
      },
      { method: 'POST', url: `${studio}/topic/${TOPIC}/publish`, payload: {} },
      { method: 'GET', url: `${studio}/topic/${TOPIC}/versions` },
      { method: 'GET', url: `${studio}/topic/${TOPIC}/versions/1` },
      { method: 'POST', url: `${studio}/topic/${TOPIC}/restore`, payload: { version: 1 } },
      { method: 'POST', url: `${studio}/topic/${TOPIC}/archive`, payload: { archived: true } },
      { method: 'GET', url: `${studio}/topic/${TOPIC}/answers` },
      { method: 'POST', url: `${studio}/topic/${TOPIC}/presence` },
      { method: 'GET', url: `${studio}/catalogue` },
      // Grants naming B's cohort: refused as grants naming a group nobody has.
      {
        method: 'PUT',
        url: `${studio}/catalogue`,
        payload: { topicGroups: [], grants: { [groupId]: [TOPIC] }, order: [], version: 1 },
      },
    ];
    const before = await snapshot();
    const wrong: string[] = [];
    for (const who of [w.a.buyer, w.a.member, w.parentMember, w.coach]) {
      const unknownAnswers = await Promise.all(
        requests(unknown.groupId).map((r) => send({ ...r, headers: auth(who) })),
      );
      for (const [i, request] of requests(w.b.cohortId).entries()) {
        const res = await send({ ...request, headers: auth(who) });
        const name = `${request.method} ${request.url}`;
        if (res.status !== 403) wrong.push(`${name}: ${res.status} ${res.body.slice(0, 120)}`);
        if (res.body !== unknownAnswers[i]!.body)
          wrong.push(`${name}: answers otherwise than for an unknown group`);
        const parsed = errorBodySchema.safeParse(JSON.parse(res.body));
        if (!parsed.success || JSON.stringify(parsed.data) !== res.body)
          wrong.push(`${name}: more than the error body`);
        for (const secret of [...w.b.secrets, w.b.cohortId])
          if (res.body.includes(secret)) wrong.push(`${name} shows "${secret}"`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(), 'nothing of B’s changed').toEqual(before);
  });

  it('lets A reach A’s cohort on every route the matrix tries', async () => {
    // The member-removing, seat-taking and revoking calls last, each after what needs its target.
    const last = [
      'POST /api/org/{org}/signup',
      'POST /api/org/{org}/signup/{suffix}',
      'POST /api/org/{org}/userGroup/{groupId}/invites',
      'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke',
      'DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}',
    ];
    const ordered = [
      ...VARIANTS.filter((v) => !last.includes(v.key)),
      ...last.map((key) => VARIANTS.find((v) => v.key === key)!),
    ];
    const own: Ids = {
      groupId: w.a.cohortId,
      accountId: w.a.member.userId,
      inviteId: w.a.pendingInviteId,
      orderId: w.a.orderId,
      thread: w.a.member.userId,
    };
    const wrong: string[] = [];
    for (const variant of ordered) {
      const ids = { ...own, ...variant.own.ids?.(w) };
      const res = await send(variant.request(w.org, ids, w.a.buyer));
      if (res.status !== variant.own.status)
        wrong.push(`${variantName(variant)}: ${res.status} ${res.body.slice(0, 200)}`);
      for (const secret of w.b.secrets)
        if (res.body.includes(secret)) wrong.push(`${variantName(variant)} shows B's "${secret}"`);
    }
    expect(wrong).toEqual([]);
  });
});
