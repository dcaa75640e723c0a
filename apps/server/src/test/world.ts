import type { OrgRole } from '@portal/domain';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { setRoles } from '../db/repositories/roles';
import { makeGroupAdmin } from '../db/repositories/memberships';
import { bearer, newLearner, signup } from './auth-helpers';
import type { TestApp } from './app';
import { makePack, mustImport } from './factories';
import { multipart, PNG_1X1 } from './multipart';

/**
 * Two organisations with learners who own something of every kind a route can name by id
 * (orders, cohorts and their invitations, private topics and fragments, uploaded files, messages
 * and private threads, workbooks):
 * the tenant matrix and the fuzzer (issue 16) send requests into it. Each learner's data carries
 * a marker no other learner's answer may ever show.
 */
export interface Learner {
  org: string;
  host: string;
  token: string;
  /** The account's id (`accountId` of the group administration routes). */
  userId: string;
  username: string;
  email: string;
  /** Text only this learner's own answers may hold (name, message, workbook value). */
  secrets: string[];
  ids: Ids;
}

/** Values for the path parameters and body ids of the routes, as this learner owns them. */
export interface Ids {
  orderId: string;
  /** An open invitation of `groupId` (a seat of the learner's purchase). */
  inviteId: string;
  /** The learner's cohort (their purchase of seats), which they administer. */
  groupId: string;
  topicId: string;
  /** A fragment of a private topic page (GET /{id}/content). */
  id: string;
  bundleId: string;
  /** A member of `groupId` (the learner's own account for the stranger). */
  accountId: string;
  /** A group the organisation declared (not a cohort), which an administrator learner administers. */
  teamId: string;
  /** The learner's own account and email. */
  selfId: string;
  email: string;
  /** An uploaded file: what POST /api/upload answered. */
  file: { secure_url: string; original_filename: string; public_id: string };
}

export interface World {
  /** Owns everything below in `alpha`; the learner whose data the others try to reach. */
  owner: Learner;
  /** Another learner of `alpha`, in none of the owner's groups. */
  other: Learner;
  /** A learner of `bravo`, with the same kinds of data there. */
  stranger: Learner;
  /** Ids no organisation has. */
  unknown: Ids;
}

/** The pack of each organisation: a private topic with a page and fragment, a private group. */
function worldPack(alias: string) {
  const pack = makePack(alias, { organisation: { enableMessaging: true } });
  pack.topics!.push({
    _id: `${alias}-private`,
    name: `${alias} private`,
    visibility: 'Private',
    pages: [
      {
        _id: `${alias}-private-p1`,
        name: 'Private page',
        fragments: [
          { _id: `${alias}-private-f1`, type: 'content', content: `<p>${alias} private text</p>` },
        ],
      },
    ],
  } as never);
  pack.userGroups![0]!.topics!.push(`${alias}-private`);
  pack.topicGroups![1]!.topics.push(`${alias}-private`);
  pack.bundles![0]!._id = `${alias}-bundle`;
  pack.userGroups!.push({ _id: `${alias}-only`, name: `${alias} only`, topics: [] });
  return pack;
}

async function must(app: FastifyInstance, request: InjectOptions) {
  const res = await app.inject(request);
  if (res.statusCode >= 300)
    throw new Error(
      `world setup: ${JSON.stringify(request).slice(0, 200)} → ${res.statusCode} ${res.body}`,
    );
  return res.json();
}

async function learnerIn(
  t: TestApp,
  org: string,
  tag: string,
  buys: boolean,
  roles: readonly OrgRole[] = [],
) {
  const { app } = t;
  const body = { ...newLearner(tag), first: `First${tag}`, last: `Last${tag}` };
  const { token } = await signup(app, org, body);
  const orgId = (await t.organisations.find(org))!.id;
  const userId = (await t.services.sessions.find(token, orgId))!.userId;
  // Before any request reads the viewer: an author reaches the studio's routes too.
  if (roles.length) await setRoles(t.database.db, orgId, userId, roles);
  const auth = bearer(token);
  const secrets = [body.email, body.username, `First${tag}`, `Last${tag}`];
  const ids: Ids = {
    orderId: 'none',
    inviteId: 'none',
    groupId: 'insiders',
    topicId: `${org}-private`,
    id: `${org}-private-f1`,
    bundleId: `${org}-bundle`,
    accountId: userId,
    teamId: `${org}-only`,
    selfId: userId,
    email: body.email,
    file: { secure_url: 'none', original_filename: 'none', public_id: 'none' },
  };
  // An organisation administrator also administers one of its groups (the console's routes).
  if (roles.includes('admin'))
    await makeGroupAdmin(t.database.db, { orgId, groupId: `${org}-only`, userId });
  // A workbook with a value only this learner has.
  const secretValue = `WB-${tag}-${body.username}`;
  secrets.push(secretValue);
  await must(app, {
    method: 'PUT',
    url: `/api/org/${org}/workbook`,
    headers: auth,
    payload: {
      workbook: {
        general: { data: { note: secretValue }, completedPages: [] },
        topics: {
          budgeting: [{ name: `Sheet ${tag}`, data: { income: 100 }, completedPages: [] }],
        },
      },
    },
  });
  const form = multipart([
    { name: 'upload_preset', value: org },
    { name: 'tags', value: 'flcms' },
    { name: 'file', filename: `${tag}.png`, type: 'image/png', data: PNG_1X1 },
  ]);
  ids.file = await must(app, {
    method: 'POST',
    url: '/api/upload',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  await must(app, {
    method: 'POST',
    url: `/api/org/${org}/account/settings/profilePicture`,
    headers: auth,
    payload: ids.file,
  });
  if (buys) {
    // A paid order of 3 seats: the buyer's cohort under the bundle's group (insiders, which
    // holds the private topic), which they administer; one seat is sent, one is left open, one
    // is taken by a member.
    const bought = await must(app, {
      method: 'POST',
      url: `/api/org/${org}/bundle/${ids.bundleId}/purchase`,
      headers: auth,
      payload: { quantity: 3 },
    });
    ids.orderId = String(bought.checkoutSession.url).split('/').pop()!;
    const paid = await must(app, {
      method: 'POST',
      url: `/api/org/${org}/order/${ids.orderId}/pay`,
      headers: auth,
    });
    ids.groupId = paid.order.cohortId;
    if (typeof ids.groupId !== 'string')
      throw new Error('world setup: the purchase made no cohort');
    const invites = `/api/org/${org}/userGroup/${ids.groupId}/invites`;
    const sent = await must(app, {
      method: 'POST',
      url: invites,
      headers: auth,
      payload: { emails: `seat-${tag}@example.com` },
    });
    const sentId = sent.invited[0]._id as string;
    const seats = await must(app, { method: 'GET', url: invites, headers: auth });
    const [kept, taken] = seats.invitations
      .filter((i: { _id: string; state: string }) => i.state === 'open' && i._id !== sentId)
      .map((i: { _id: string }) => i._id);
    ids.inviteId = kept;
    // A member of the cohort, by the third seat: the administration routes name them.
    const memberBody = { ...newLearner(`${tag}member`), first: `Mem${tag}`, last: `Ber${tag}` };
    const member = await signup(app, org, memberBody);
    await must(app, {
      method: 'POST',
      url: `/api/org/${org}/invite/${taken}/accept`,
      headers: bearer(member.token),
    });
    ids.accountId = (await t.services.sessions.find(member.token, orgId))!.userId;
    secrets.push(memberBody.email, memberBody.username, `Mem${tag}`, `Ber${tag}`);
    const message = `MSG-${tag}-${body.username}`;
    const question = `ASK-${tag}-${memberBody.username}`;
    const answer = `ANS-${tag}-${body.username}`;
    secrets.push(message, question, answer, `seat-${tag}@example.com`);
    const messages = `/api/org/${org}/userGroup/${ids.groupId}/message`;
    await must(app, { method: 'POST', url: messages, headers: auth, payload: { body: message } });
    // A private thread: the member's question, and the buyer's answer in it.
    await must(app, {
      method: 'POST',
      url: messages,
      headers: bearer(member.token),
      payload: { body: question, isPrivate: true },
    });
    await must(app, {
      method: 'POST',
      url: messages,
      headers: auth,
      payload: { body: answer, isPrivate: true, threadOf: ids.accountId },
    });
  }
  return {
    org,
    host: `learn.${org}.example`,
    token,
    userId,
    username: body.username,
    email: body.email,
    secrets,
    ids,
  } satisfies Learner;
}

/** Builds the world in a test app (both organisations imported, three learners). */
export async function buildWorld(t: TestApp): Promise<World> {
  await mustImport(t.database.db, worldPack('alpha'));
  await mustImport(t.database.db, worldPack('bravo'));
  // The owner and the stranger are authors and administrators in their organisations (the
  // studio's and the console's routes); the other learner of alpha is neither.
  const owner = await learnerIn(t, 'alpha', 'owner', true, ['author', 'admin']);
  const other = await learnerIn(t, 'alpha', 'other', false);
  // The stranger's ids name things only bravo has: their order, cohort, seats and member.
  const stranger = await learnerIn(t, 'bravo', 'stranger', true, ['author', 'admin']);
  return {
    owner,
    other,
    stranger,
    unknown: {
      orderId: 'no-such-order-0000',
      inviteId: 'no-such-invite-0000',
      groupId: 'no-such-group',
      topicId: 'no-such-topic',
      id: 'no-such-fragment',
      bundleId: 'no-such-bundle',
      accountId: 'no-such-account-0000',
      teamId: 'no-such-group',
      selfId: 'no-such-account-0000',
      email: 'nobody@nowhere.example',
      file: {
        secure_url: '/uploads/alpha/no-such-file.png',
        original_filename: 'no-such-file.png',
        public_id: 'no-such-file-0000',
      },
    },
  };
}

/** A route as `METHOD /openapi/{path}`, the way the OpenAPI document and contract.test.ts name it. */
export function routeKeys(routes: readonly RouteOptions[]): { key: string; route: RouteOptions }[] {
  const out: { key: string; route: RouteOptions }[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD is GET without a body: Fastify adds it to every GET route.
      if (method === 'HEAD') continue;
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      out.push({ key: `${method} ${path}`, route });
    }
  }
  return out;
}
