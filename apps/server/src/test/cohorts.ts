import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import type { TestApp } from './app';
import { bearer, newLearner, signup } from './auth-helpers';
import { makePack, mustImport } from './factories';
import { routeKeys } from './world';

/**
 * Cohorts (docs/design.md §9, §10, §12; issue 23): one organisation whose bundle grants a shared
 * group, buyers of seats with their own cohorts under it, the people in them, and the
 * organisation's coach who administers the shared group (and so every cohort under it).
 */

export const ORG = 'acme';
export const PARENT = 'course';
export const BUNDLE = 'course-bundle';
/** A topic the shared group grants (its cohorts' members see it too). */
export const TOPIC = 'budgeting';
export const COACH_PASSWORD = 'coach-pass-12';

/** A signed-in account of the test, with what identifies it. */
export interface Person {
  token: string;
  userId: string;
  username: string;
  email: string;
  first: string;
  last: string;
}

/** A buyer's cohort as the world made it. */
export interface Cohort {
  tag: string;
  buyer: Person;
  /** Joined through one of the buyer's invitations. */
  member: Person;
  cohortId: string;
  orderId: string;
  /** Addressed to `pendingEmail`, not used. */
  pendingInviteId: string;
  pendingEmail: string;
  /** A seat addressed to no one. */
  openInviteId: string;
  /** The member's private message, the buyer's answer in their thread, a group message. */
  bodies: { asked: string; answered: string; group: string };
  /** Text only this cohort's people (and its administrators) may ever be shown. */
  secrets: string[];
}

export interface CustomerWorld {
  org: string;
  orgId: string;
  coach: Person;
  /** A buyer of one seat: a member of the shared group. */
  parentMember: Person & { orderId: string };
  a: Cohort;
  b: Cohort;
  /** Text of the shared group's own people and messages. */
  parentSecrets: string[];
}

/** The organisation: messaging on, a bundle granting the shared group, the coach administering it. */
export function customerPack(alias = ORG) {
  return makePack(alias, {
    organisation: { enableMessaging: true },
    userGroups: [
      {
        _id: PARENT,
        name: { 'en-US': 'Course', 'fr-CA': 'Cours' },
        topics: [TOPIC, 'secret-topic'],
      },
      { _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] },
    ],
    bundles: [{ _id: BUNDLE, name: 'Course', price: 10, userGroup: PARENT }],
    users: [
      {
        username: 'coach',
        email: `coach@${alias}.example`,
        password: COACH_PASSWORD,
        name: { first: 'Cora', last: 'Coach' },
        groups: [{ group: PARENT, role: 'admin' }],
      },
    ],
  } as never);
}

/** `app.inject` with a bearer token (or none), failing loudly when setup goes wrong. */
export async function must(app: FastifyInstance, request: InjectOptions) {
  const res = await app.inject(request);
  if (res.statusCode >= 300)
    throw new Error(
      `cohort setup: ${request.method} ${String(request.url)} → ${res.statusCode} ${res.body}`,
    );
  return res.json();
}

export async function userIdOf(t: TestApp, org: string, token: string): Promise<string> {
  const orgId = (await t.organisations.find(org))!.id;
  return (await t.services.sessions.find(token, orgId))!.userId;
}

/** A new learner with names of their own (so an answer that shows them can be caught). */
export async function newPerson(
  t: TestApp,
  org: string,
  tag: string,
  extra: Record<string, unknown> = {},
): Promise<Person> {
  const base = newLearner(tag);
  const suffix = randomBytes(3).toString('hex');
  const body = { ...base, first: `First${tag}${suffix}`, last: `Last${tag}${suffix}`, ...extra };
  const { token } = await signup(t.app, org, body);
  return {
    token,
    userId: await userIdOf(t, org, token),
    username: body.username,
    email: body.email,
    first: body.first,
    last: body.last,
  };
}

export async function loginAs(
  t: TestApp,
  org: string,
  username: string,
  password: string,
): Promise<Person> {
  const res = await must(t.app, {
    method: 'POST',
    url: `/api/org/${org}/login`,
    payload: { username, password },
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const token = res.token as string;
  const account = await must(t.app, {
    method: 'GET',
    url: `/api/org/${org}/account/settings`,
    headers: bearer(token),
  });
  return {
    token,
    userId: await userIdOf(t, org, token),
    username,
    email: account.account.user.id.email,
    first: account.account.name.first,
    last: account.account.name.last,
  };
}

/** Buys `quantity` seats of a bundle and pays through the local checkout. */
export async function buySeats(
  t: TestApp,
  org: string,
  buyer: Pick<Person, 'token'>,
  quantity: number,
  bundleId = BUNDLE,
): Promise<{ orderId: string; cohortId: string | null }> {
  const auth = bearer(buyer.token);
  const bought = await must(t.app, {
    method: 'POST',
    url: `/api/org/${org}/bundle/${bundleId}/purchase`,
    headers: auth,
    payload: { quantity },
  });
  const orderId = String(bought.checkoutSession.url).split('/').pop()!;
  const paid = await must(t.app, {
    method: 'POST',
    url: `/api/org/${org}/order/${orderId}/pay`,
    headers: auth,
  });
  return { orderId, cohortId: paid.order.cohortId };
}

export interface InvitationView {
  _id: string;
  group: string;
  email: string | null;
  state: string;
  link: string;
}

/** A group's invitations as its administrator sees them. */
export async function invitationsOf(
  t: TestApp,
  org: string,
  admin: Pick<Person, 'token'>,
  groupId: string,
): Promise<{
  invitations: InvitationView[];
  seats: { bought: number; used: number; free: number };
}> {
  return must(t.app, {
    method: 'GET',
    url: `/api/org/${org}/userGroup/${groupId}/invites`,
    headers: bearer(admin.token),
  });
}

export async function inviteEmails(
  t: TestApp,
  org: string,
  admin: Pick<Person, 'token'>,
  groupId: string,
  emails: string[],
): Promise<{ invited: InvitationView[]; skipped: { email: string; reason: string }[] }> {
  return must(t.app, {
    method: 'POST',
    url: `/api/org/${org}/userGroup/${groupId}/invites`,
    headers: bearer(admin.token),
    payload: { emails: emails.join('\n') },
  });
}

/**
 * A buyer of three seats with their cohort: one seat used by a member who signed up with its
 * invitation, one sent and pending, one open; a private thread between member and buyer, a group
 * message, and a workbook value of the member's.
 */
export async function buildCohort(t: TestApp, org: string, tag: string): Promise<Cohort> {
  const buyer = await newPerson(t, org, `buyer${tag}`);
  const { orderId, cohortId } = await buySeats(t, org, buyer, 3);
  if (!cohortId) throw new Error('three seats made no cohort');
  const memberSignup = { ...newLearner(`member${tag}`) };
  const pendingEmail = `pending-${tag}-${randomBytes(3).toString('hex')}@example.com`;
  const sent = await inviteEmails(t, org, buyer, cohortId, [memberSignup.email, pendingEmail]);
  if (sent.invited.length !== 2) throw new Error(`invitations not sent: ${JSON.stringify(sent)}`);
  // Invitations show the address as its key (lower case).
  const sentTo = (email: string) => sent.invited.find((i) => i.email === email.toLowerCase())!;
  const memberInvite = sentTo(memberSignup.email);
  const pendingInviteId = sentTo(pendingEmail)._id;
  const member = await newPerson(t, org, `member${tag}`, {
    ...memberSignup,
    first: `Mem${tag}${randomBytes(3).toString('hex')}`,
    last: `Ber${tag}${randomBytes(3).toString('hex')}`,
    inviteId: memberInvite._id,
  });
  const { invitations } = await invitationsOf(t, org, buyer, cohortId);
  const openInviteId = invitations.find((i) => i.state === 'open')!._id;
  const stamp = randomBytes(4).toString('hex');
  const bodies = {
    asked: `ASKED-${tag}-${stamp}`,
    answered: `ANSWERED-${tag}-${stamp}`,
    group: `GROUP-${tag}-${stamp}`,
  };
  const messages = `/api/org/${org}/userGroup/${cohortId}/message`;
  await must(t.app, {
    method: 'POST',
    url: messages,
    headers: bearer(member.token),
    payload: { body: bodies.asked, isPrivate: true },
  });
  await must(t.app, {
    method: 'POST',
    url: messages,
    headers: bearer(buyer.token),
    payload: { body: bodies.answered, isPrivate: true, threadOf: member.userId },
  });
  await must(t.app, {
    method: 'POST',
    url: messages,
    headers: bearer(buyer.token),
    payload: { body: bodies.group },
  });
  const workbookValue = `WB-${tag}-${stamp}`;
  await must(t.app, {
    method: 'PUT',
    url: `/api/org/${org}/workbook`,
    headers: bearer(member.token),
    payload: {
      workbook: {
        general: { data: { note: workbookValue }, completedPages: [] },
        topics: { [TOPIC]: [{ name: `Sheet ${tag}`, data: { income: 100 }, completedPages: [] }] },
      },
    },
  });
  return {
    tag,
    buyer,
    member,
    cohortId,
    orderId,
    pendingInviteId,
    pendingEmail,
    openInviteId,
    bodies,
    secrets: [
      ...personSecrets(buyer),
      ...personSecrets(member),
      pendingEmail,
      bodies.asked,
      bodies.answered,
      bodies.group,
      workbookValue,
    ],
  };
}

export const personSecrets = (p: Person) => [p.email, p.username, p.first, p.last];

/** The customer world: buyers A and B with their cohorts, a member of the shared group, the coach. */
export async function buildCustomerWorld(t: TestApp, org = ORG): Promise<CustomerWorld> {
  await mustImport(t.database.db, customerPack(org));
  const a = await buildCohort(t, org, 'A');
  const b = await buildCohort(t, org, 'B');
  const single = await newPerson(t, org, 'single');
  const { orderId } = await buySeats(t, org, single, 1);
  const stamp = randomBytes(4).toString('hex');
  const parentBodies = [`PARENT-GROUP-${stamp}`, `PARENT-ASKED-${stamp}`];
  const messages = `/api/org/${org}/userGroup/${PARENT}/message`;
  await must(t.app, {
    method: 'POST',
    url: messages,
    headers: bearer(single.token),
    payload: { body: parentBodies[0] },
  });
  await must(t.app, {
    method: 'POST',
    url: messages,
    headers: bearer(single.token),
    payload: { body: parentBodies[1], isPrivate: true },
  });
  // Signed in once the cohorts exist: a learner's groups are trusted for a second
  // (ViewerService), so an administrator signed in before reaches a new cohort a second later.
  const coach = await loginAs(t, org, 'coach', COACH_PASSWORD);
  return {
    org,
    orgId: (await t.organisations.find(org))!.id,
    coach,
    parentMember: { ...single, orderId },
    a,
    b,
    parentSecrets: [...personSecrets(single), ...parentBodies],
  };
}

/**
 * A route as `METHOD /path/{param}`, as the OpenAPI document names it (the same as routeKeys of
 * test/world.ts; kept here so that these tests do not depend on the tenant matrix's world).
 */
/** The app's route table as sorted `METHOD /openapi/{path}` keys (test/world.ts names them so). */
export function routeTable(routes: readonly RouteOptions[]): string[] {
  return [...new Set(routeKeys(routes).map((r) => r.key))].sort();
}
