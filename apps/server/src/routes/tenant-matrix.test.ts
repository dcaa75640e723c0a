import { errorBodySchema } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCertificate } from '../db/repositories/certificates';
import { newCertificateId } from '../services/certificates';
import { startTestApp, type TestApp } from '../test/app';
import { DATABASE_KINDS } from '../test/databases';
import { makePack } from '../test/factories';
import { studioTopic } from '../test/studio';
import { buildWorld, routeKeys, type Ids, type Learner, type World } from '../test/world';

/**
 * Issue 16, point 1: the tenant matrix. Every route of the app's route table (hidden ones
 * included) is either exercised here or listed in PUBLIC with the reason it holds nobody's data;
 * a route added without either fails the first test. Each exercised route is called by its
 * owner (which must succeed: the case is real), then as the other cases: another organisation's
 * token and host, another learner with the owner's ids, the owner with another organisation's
 * ids, unknown ids, and no token. Every one of those answers 401, 403 or 404 with the error body
 * alone, holds none of the owner's (or stranger's) text, answers another's id exactly as it
 * answers an unknown one (no existence oracle), and changes nothing the owner has.
 */

/** Routes that hold no one's data, each with why; everything else must be in EXERCISED. */
const PUBLIC: Record<string, string> = {
  'GET /healthz': 'process liveness; no data',
  'GET /readyz': 'database readiness; no data',
  'GET /metrics':
    'operator figures with bounded labels (route patterns, statuses, job kinds): no organisation, person or id (metrics.test.ts); METRICS_TOKEN guards it',
  'GET /robots.txt': 'static text for crawlers',
  'GET /sitemap.xml': 'public pages of the organisation of the host only',
  'GET /*': 'static files of the web app, when served by a wildcard route',
  'GET /api/docs': 'the OpenAPI document',
  'GET /api/host': 'maps a host name to its organisation alias, which is public',
  'GET /api/verify/{certificateId}/pdf':
    'the PDF of a certificate, public like its verify answer (design §16): the same names and dates, no email (certificates.test.ts)',
  'GET /api/verify/{certificateId}':
    'a certificate is public to whoever has its unguessable id, on any host (design §16): names and dates, never an email or an answer (certificates.test.ts)',
  'GET /api/verify/{certificateId}/badge':
    'the Open Badge of a certificate, public like its verify answer and PDF (design §16): the same names and dates, no email (certificates-badge.test.ts)',
  'GET /.well-known/jwks.json':
    'the public keys that sign the Open Badges of the organisation of the host, never a private part (certificates-badge.test.ts)',
  'GET /api/org/{org}/issuer':
    'the issuer Profile of the organisation’s Open Badges: its public name and address (certificates-badge.test.ts)',
  'GET /api/org/{org}': 'the public organisation view; its private parts are policy-tested',
  'GET /api/org/{org}/bundle': 'the public price list',
  'GET /api/org/{org}/topic/{topicId}/bundles':
    'the public price list, only the bundles that open a topic; nothing of the topic (issue 24)',
  'GET /api/org/{org}/search': 'public topics only (F3 is tested in grades-search.test.ts)',
  'POST /api/org/{org}/login': 'credentials route: the password is the proof',
  'POST /api/org/{org}/signup': 'creates a new account; no id of anyone',
  'POST /api/org/{org}/login/forgot': 'answers the same for any email (F7)',
  'PUT /api/org/{org}/login/reset/{email}/{token}':
    'the mailed token is the credential; refused tokens are tested in auth.test.ts',
  'POST /api/org/{org}/account/email/confirm':
    'the token mailed to the new address is the credential; refused tokens are tested in account.test.ts',
  'GET /api/org/{org}/login/oauth': 'starts single sign-on for a group of this organisation',
  'POST /api/org/{org}/oauth/complete': 'the provider code and state are the credential',
  'POST /api/payments/stripe/webhook': 'authenticated by the Stripe signature, not a session',
  'POST /api/upload': 'exercised through the profile picture below (its file ids)',
  'POST /api/org/{org}/analytics/events':
    'records an event of the viewer (anonymous for a visitor), answers only {success}, reads nothing',
  'GET /api/org/{org}/unsubscribe/{token}':
    'the signed token is the credential, made with the organisation’s own key: another organisation’s, a changed one or none is 404 (notifications.test.ts); it reads a hidden address only',
  'POST /api/org/{org}/unsubscribe/{token}':
    'the signed token is the credential (RFC 8058 one-click, no session): another organisation’s or a changed one is 404 and stops nothing (notifications.test.ts)',
  'GET /api/org/{org}/userGroup/{groupId}/oauthuserprompt':
    'the sign-on prompt of a group, shown to visitors before they sign in (sso.test.ts)',
};

/** Built web files (hashed names), served as they are. */
const PUBLIC_PREFIXES: Record<string, string> = {
  'GET /favicon.svg': 'a built web app file',
  'GET /index.html': 'the web app shell',
  'GET /media/*': 'the organisations’ public pictures (content packs)',
  'GET /uploads/*':
    'uploaded files by unguessable URL, as the hosting service of design §4 serves them',
  'GET /assets/': 'the built web app files',
};

type Scenario =
  | 'own'
  | 'otherOrgToken'
  | 'otherOrgHost'
  | 'otherLearner'
  | 'otherOrgIds'
  | 'unknownId'
  | 'noToken';

interface Subject {
  org: string;
  host: string;
  token: string | null;
  ids: Ids;
}

interface Exercise {
  /** The body of the request, for the subject's ids. */
  body?: (ids: Ids) => unknown;
  /** Path values other than the usual ones for this route (the console's groups: `teamId`). */
  path?: (ids: Ids) => Record<string, string>;
  /** `session: 'required'` routes: a token that is not good here is 401. */
  signedIn: boolean;
  /** Whether the route names something by an id in its path or body (else only token cases). */
  takesIds: boolean;
  /**
   * Cases left out, each with why: a seat link is meant for someone else, so another learner
   * accepting the owner's seat is the feature, not a leak.
   */
  skip?: Partial<Record<Scenario, string>>;
  /**
   * Another status than 401/403/404 that refuses here, with why. It must still be the same answer
   * for another's id as for an unknown one.
   */
  refusal?: { status: number; reason: string };
  /** Why this route may answer another's id differently from an unknown one (no text shown). */
  existenceShown?: string;
  /**
   * A route refused to the other learner for who they are (a role), before any id is read: their
   * 403 is the same for every id, so it is not compared with the owner's unknown-id answer.
   */
  refusedByRole?: string;
}

const SEAT_REFUSAL = {
  status: 400,
  reason:
    'an unusable seat link is a form error (errfor inviteId), the same for unknown, used, revoked and other organisations’ seats (store.test.ts)',
};
const PRIVATE_TOPICS =
  'a private topic says “no access” (403) to a learner outside its groups so the page can say so (topic-status.tsx); the answer holds none of its text';

const STUDIO_ROLE =
  'the studio refuses a learner (403) before reading any id; the owner is an author, the other learner is not';
/** A studio route: the owner and the stranger are authors of their organisations (buildWorld). */
const studio = (takesIds: boolean, body?: Exercise['body']): Exercise => ({
  signedIn: true,
  takesIds,
  refusedByRole: STUDIO_ROLE,
  ...(body && { body }),
});
const STUDIO_REFUSES_LEARNERS =
  'the studio refuses a learner (403) whatever the id, an unknown one too; the answer holds nothing of the topic';

const CONSOLE_ROLE =
  'the console refuses anyone but an administrator (403) before reading anything; the owner is one, the other learner is not';
/** A console route: the owner and the stranger administer their organisations (buildWorld). */
const consoleRoute = (takesIds: boolean, body?: Exercise['body']): Exercise => ({
  signedIn: true,
  takesIds,
  refusedByRole: CONSOLE_ROLE,
  ...(body && { body }),
});
/** The console's group routes name a group the organisation declared (not a cohort). */
const team = (ids: Ids) => ({ groupId: ids.teamId });
/** Settings as a save sends them: a pack's, without the alias or any host. */
const settingsBody = () => {
  const { alias: _alias, ...settings } = makePack('matrix').organisation;
  return { settings: { ...settings, hosts: [] }, version: 999_999 };
};

const EXERCISED: Record<string, Exercise> = {
  // The console's audit log (issue 27): filters, not ids; another organisation's target or
  // actor finds nothing (admin/audit.test.ts).
  'GET /api/org/{org}/admin/audit': consoleRoute(false),
  'GET /api/org/{org}/admin/audit.csv': consoleRoute(false),
  // The console's settings (issue 27): the organisation's own, named by the address alone.
  'GET /api/org/{org}/admin/settings': consoleRoute(false),
  'PUT /api/org/{org}/admin/settings': consoleRoute(false, settingsBody),
  'POST /api/org/{org}/admin/settings/publish': consoleRoute(false, () => ({})),
  'GET /api/org/{org}/admin/settings/versions': consoleRoute(false),
  'POST /api/org/{org}/admin/settings/restore': consoleRoute(false, () => ({ version: 1 })),
  // The console's user groups: the organisation's own (a cohort is its buyer's, not named here).
  'GET /api/org/{org}/admin/groups': consoleRoute(false),
  'POST /api/org/{org}/admin/groups': consoleRoute(false, () => ({
    _id: `matrix-${Math.random().toString(36).slice(2, 10)}`,
    name: 'Matrix',
  })),
  'PUT /api/org/{org}/admin/group/{groupId}': {
    ...consoleRoute(true, () => ({ name: 'Renamed', topics: [] })),
    path: team,
  },
  // A group's single sign-on: cleared (no address to resolve), and tested at an address the
  // server refuses to reach (answered without connecting).
  'PUT /api/org/{org}/admin/group/{groupId}/sso': {
    ...consoleRoute(true, () => ({ sso: null })),
    path: team,
  },
  'POST /api/org/{org}/admin/group/{groupId}/sso/test': {
    ...consoleRoute(true, () => ({ issuer: 'https://127.0.0.1/' })),
    path: team,
  },
  'POST /api/org/{org}/admin/group/{groupId}/admins': {
    ...consoleRoute(true, (ids) => ({ email: ids.email })),
    path: team,
  },
  // The console's bundles: the world's bundle ids differ by organisation.
  'GET /api/org/{org}/admin/bundles': consoleRoute(false),
  'POST /api/org/{org}/admin/bundles': consoleRoute(false, () => ({
    bundle: {
      _id: `matrix-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Matrix',
      price: 1,
      userGroup: 'insiders',
    },
  })),
  'PUT /api/org/{org}/admin/bundle/{bundleId}': consoleRoute(true, (ids) => ({
    bundle: { _id: ids.bundleId, name: 'Renamed', price: 1, userGroup: 'insiders' },
  })),
  'DELETE /api/org/{org}/admin/group/{groupId}/admins/{accountId}': {
    ...consoleRoute(true),
    path: (ids) => ({ groupId: ids.teamId, accountId: ids.selfId }),
  },
  // The console's People screen (issue 27): a person by account id (the owner's cohort member,
  // the stranger's in bravo), an import by its id (admin/people.test.ts).
  'GET /api/org/{org}/admin/people': consoleRoute(false),
  'POST /api/org/{org}/admin/people': {
    ...consoleRoute(false),
    body: () => ({ email: `matrix-${Math.random().toString(36).slice(2, 10)}@example.com` }),
  },
  'GET /api/org/{org}/admin/people/{accountId}': consoleRoute(true),
  // An active account has no invitation to send again: the owner's call is a 409 (reached).
  'POST /api/org/{org}/admin/people/{accountId}/invitation': consoleRoute(true),
  'PUT /api/org/{org}/admin/people/{accountId}/roles': {
    ...consoleRoute(true),
    body: () => ({ roles: ['learner'] }),
  },
  'PUT /api/org/{org}/admin/people/{accountId}/groups': {
    ...consoleRoute(true),
    body: (ids) => ({ group: ids.groupId, role: 'member' }),
  },
  'POST /api/org/{org}/admin/people/{accountId}/deactivate': consoleRoute(true),
  'POST /api/org/{org}/admin/people/{accountId}/reactivate': consoleRoute(true),
  // A person's data (issue 29): another organisation's person is the same 404 as an unknown one.
  'GET /api/org/{org}/admin/people/{accountId}/export': consoleRoute(true),
  // A wrong password of the administrator: reached (400), nobody erased.
  'DELETE /api/org/{org}/admin/people/{accountId}': consoleRoute(true, () => ({
    password: 'not-the-password',
  })),
  'POST /api/org/{org}/admin/people-import/dry-run': {
    ...consoleRoute(false),
    body: () => ({ csv: 'email,first name,last name\nmatrix@example.com,M,X' }),
  },
  'POST /api/org/{org}/admin/people-import': {
    ...consoleRoute(false),
    body: () => ({ csv: `email,first name,last name\nmatrix-${Date.now()}@example.com,M,X` }),
  },
  'GET /api/org/{org}/admin/people-import/{importId}': consoleRoute(true),
  // Certificates (issue 28): the learner's own list; the console's list and revocation (another
  // organisation's certificate is the same 404 as an unknown one: certificates.test.ts).
  'GET /api/org/{org}/account/certificates': { signedIn: true, takesIds: false },
  'GET /api/org/{org}/admin/certificates': consoleRoute(false),
  // Notices (issue 28): the signed-in learner's own preferences, no id.
  'GET /api/org/{org}/account/notifications': { signedIn: true, takesIds: false },
  'PUT /api/org/{org}/account/notifications': {
    signedIn: true,
    takesIds: false,
    body: () => ({ digest: 'weekly' }),
  },
  'POST /api/org/{org}/admin/certificates/{certificateId}/revoke': {
    ...consoleRoute(true, () => ({ reason: 'Matrix revocation' })),
    path: (ids) => ({ certificateId: (ids as Ids & { certificateId: string }).certificateId }),
  },
  // The console's orders (issue 27): another organisation's order is the same 404 as an unknown
  // one, and is not refunded (admin/orders.test.ts).
  'GET /api/org/{org}/admin/orders': consoleRoute(false),
  'GET /api/org/{org}/admin/orders/{orderId}': consoleRoute(true),
  'POST /api/org/{org}/admin/orders/{orderId}/refund': consoleRoute(true),
  'GET /api/org/{org}/studio/topics': studio(false),
  'POST /api/org/{org}/studio/topics': studio(false, () => ({
    topic: studioTopic(`matrix-${Math.random().toString(36).slice(2, 10)}`),
  })),
  'GET /api/org/{org}/studio/topic/{topicId}': studio(true),
  // A stale version: the owner's save is refused with 409 (reached), nothing applied.
  'PUT /api/org/{org}/studio/topic/{topicId}': studio(true, (ids) => ({
    topic: studioTopic(ids.topicId),
    version: 999_999,
  })),
  'POST /api/org/{org}/studio/topic/{topicId}/publish': studio(true, () => ({})),
  'GET /api/org/{org}/studio/topic/{topicId}/versions': studio(true),
  'GET /api/org/{org}/studio/topic/{topicId}/versions/{version}': studio(true),
  'POST /api/org/{org}/studio/topic/{topicId}/restore': studio(true, () => ({ version: 1 })),
  'POST /api/org/{org}/studio/topic/{topicId}/archive': studio(true, () => ({ archived: false })),
  'GET /api/org/{org}/studio/topic/{topicId}/answers': studio(true),
  'POST /api/org/{org}/studio/topic/{topicId}/presence': studio(true),
  'GET /api/org/{org}/studio/catalogue': studio(false),
  // A stale version: refused with 409 for the owner, nothing applied.
  'PUT /api/org/{org}/studio/catalogue': studio(false, () => ({
    topicGroups: [],
    grants: {},
    order: [],
    version: 999_999,
  })),
  'POST /api/org/{org}/logout': { signedIn: false, takesIds: false },
  'GET /api/org/{org}/account/settings': { signedIn: true, takesIds: false },
  'PUT /api/org/{org}/account/settings': {
    signedIn: true,
    takesIds: false,
    body: () => ({ company: 'Changed by the matrix' }),
  },
  'POST /api/org/{org}/account/settings/profilePicture': {
    signedIn: true,
    takesIds: true,
    body: (ids) => ids.file,
  },
  'DELETE /api/org/{org}/account/settings/profilePicture': { signedIn: true, takesIds: false },
  // A wrong current password: the route is reached (400), nothing changes.
  'PUT /api/org/{org}/account/settings/password': {
    signedIn: true,
    takesIds: false,
    body: () => ({
      current: 'not-the-password',
      password: 'matrix-pass-1',
      confirm: 'matrix-pass-1',
    }),
  },
  'POST /api/org/{org}/account/settings/email': {
    signedIn: true,
    takesIds: false,
    body: () => ({ email: 'matrix-new-address@example.com' }),
  },
  // The learner's own data (issue 29): no id; a wrong password erases nothing (400, reached).
  'GET /api/org/{org}/account/export': { signedIn: true, takesIds: false },
  'DELETE /api/org/{org}/account': {
    signedIn: true,
    takesIds: false,
    body: () => ({ password: 'not-the-password' }),
  },
  'GET /api/org/{org}/workbook': { signedIn: true, takesIds: false },
  'PUT /api/org/{org}/workbook': {
    signedIn: true,
    takesIds: false,
    body: () => ({ workbook: { general: { data: { note: 'overwritten' }, completedPages: [] } } }),
  },
  'GET /api/org/{org}/topic/{topicId}': {
    signedIn: false,
    takesIds: true,
    existenceShown: PRIVATE_TOPICS,
  },
  'GET /api/org/{org}/{id}/content': {
    signedIn: false,
    takesIds: true,
    existenceShown: PRIVATE_TOPICS,
  },
  'GET /api/org/{org}/{id}/content/': {
    signedIn: false,
    takesIds: true,
    existenceShown: PRIVATE_TOPICS,
  },
  'GET /api/org/{org}/topic/{topicId}/worksheet/{index}/grade': {
    signedIn: true,
    takesIds: true,
    existenceShown: PRIVATE_TOPICS,
  },
  'POST /api/org/{org}/signup/{suffix}': {
    signedIn: false,
    takesIds: true,
    body: () => ({
      username: `seat${Math.random().toString(36).slice(2, 10)}`,
      email: `seat${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: 'correct-horse-1',
      first: 'Seat',
      last: 'Taker',
    }),
    refusal: SEAT_REFUSAL,
    skip: {
      otherLearner: 'a seat link is meant for someone else: signing up with it is the feature',
      otherOrgToken: 'sign-up takes no token',
      otherOrgHost: 'sign-up takes no token',
      noToken: 'sign-up takes no token',
    },
  },
  'POST /api/org/{org}/bundle/{bundleId}/purchase': {
    signedIn: true,
    takesIds: true,
    // Two seats: the owner holds the bundle already, and buys seats for others.
    body: () => ({ quantity: 2 }),
    skip: { otherLearner: 'bundles are the organisation’s, on sale to every learner' },
  },
  'GET /api/org/{org}/order': { signedIn: true, takesIds: false },
  'GET /api/org/{org}/order/{orderId}': { signedIn: true, takesIds: true },
  'POST /api/org/{org}/order/{orderId}/pay': { signedIn: true, takesIds: true },
  'POST /api/org/{org}/order/{orderId}/cancel': { signedIn: true, takesIds: true },
  'POST /api/org/{org}/invite/{inviteId}/accept': {
    signedIn: true,
    takesIds: true,
    refusal: SEAT_REFUSAL,
    skip: { otherLearner: 'a seat link is meant for someone else: accepting it is the feature' },
  },
  'GET /api/org/{org}/userGroup/{groupId}/message': { signedIn: true, takesIds: true },
  'POST /api/org/{org}/userGroup/{groupId}/message': {
    signedIn: true,
    takesIds: true,
    body: () => ({ body: 'Posted by the matrix' }),
  },
  'GET /api/org/{org}/message/unread': { signedIn: true, takesIds: false },
  // A group's private threads: its administrators only (the owner administers their cohort).
  'GET /api/org/{org}/userGroup/{groupId}/message/threads': { signedIn: true, takesIds: true },
  // The group administration of issue 17: only the group's administrators (the owner's
  // cohort, its seats and invitations: issue 23).
  'GET /api/org/{org}/userGroup': { signedIn: true, takesIds: false },
  'GET /api/org/{org}/userGroup/{groupId}/members': { signedIn: true, takesIds: true },
  'GET /api/org/{org}/userGroup/{groupId}/members.csv': { signedIn: true, takesIds: true },
  'GET /api/org/{org}/userGroup/{groupId}/members/{accountId}/topic/{topicId}/worksheet/{index}': {
    signedIn: true,
    takesIds: true,
  },
  'DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}': {
    signedIn: true,
    takesIds: true,
  },
  'GET /api/org/{org}/userGroup/{groupId}/invites': { signedIn: true, takesIds: true },
  'POST /api/org/{org}/userGroup/{groupId}/invites': {
    signedIn: true,
    takesIds: true,
    body: () => ({ emails: 'matrix-bulk@example.com' }),
  },
  'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/resend': {
    signedIn: true,
    takesIds: true,
  },
  'POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke': {
    signedIn: true,
    takesIds: true,
  },
  'POST /api/org/{org}/userGroup/{groupId}/message/read': { signedIn: true, takesIds: true },
  'GET /api/org/{org}/userGroup/{groupId}/message/stream': { signedIn: true, takesIds: true },
  // The studio's preview (issue 26): the draft of the owner's organisation, their own preview
  // workbook; the owner is an author of alpha, the other learner is not.
  'GET /api/org/{org}/studio/topic/{topicId}/preview': {
    signedIn: true,
    takesIds: true,
    existenceShown: STUDIO_REFUSES_LEARNERS,
  },
  'GET /api/org/{org}/studio/topic/{topicId}/preview/worksheet/{index}/grade': {
    signedIn: true,
    takesIds: true,
    existenceShown: STUDIO_REFUSES_LEARNERS,
  },
  'GET /api/org/{org}/studio/preview/workbook': { signedIn: true, takesIds: false },
  'PUT /api/org/{org}/studio/preview/workbook': {
    signedIn: true,
    takesIds: false,
    body: () => ({ workbook: { general: { data: { note: 'previewed' }, completedPages: [] } } }),
  },
  'DELETE /api/org/{org}/studio/preview/workbook': { signedIn: true, takesIds: false },
};

const ALL_SCENARIOS: Scenario[] = [
  'own',
  'otherOrgToken',
  'otherOrgHost',
  'otherLearner',
  'otherOrgIds',
  'unknownId',
  'noToken',
];

function subjectFor(world: World, scenario: Scenario): Subject {
  const { owner, other, stranger, unknown } = world;
  const as = (who: Learner, token: string | null, ids: Ids, org = who): Subject => ({
    org: org.org,
    host: org.host,
    token,
    ids,
  });
  switch (scenario) {
    case 'own':
      return as(owner, owner.token, owner.ids);
    // The stranger's token, in the owner's organisation, at its host, with the owner's ids.
    case 'otherOrgToken':
      return as(owner, stranger.token, owner.ids);
    // The owner's token sent to the stranger's organisation and host, with the stranger's ids.
    case 'otherOrgHost':
      return as(stranger, owner.token, stranger.ids);
    case 'otherLearner':
      return as(owner, other.token, owner.ids);
    case 'otherOrgIds':
      return as(owner, owner.token, stranger.ids);
    case 'unknownId':
      return as(owner, owner.token, unknown);
    case 'noToken':
      return as(owner, null, owner.ids);
  }
}

function urlFor(path: string, subject: Subject, own: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    org: subject.org,
    orderId: subject.ids.orderId,
    inviteId: subject.ids.inviteId,
    groupId: subject.ids.groupId,
    topicId: subject.ids.topicId,
    index: '0',
    id: subject.ids.id,
    bundleId: subject.ids.bundleId,
    accountId: subject.ids.accountId,
    suffix: subject.ids.inviteId,
    importId: (subject.ids as Ids & { importId?: string }).importId ?? 'no-import',
    version: '1',
    ...own,
  };
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

describe.each(DATABASE_KINDS)('the tenant matrix on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let routes: string[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    world = await buildWorld(t);
    // An import of people in each organisation (the console's People screen), and an id nobody has.
    for (const who of [world.owner, world.stranger]) {
      const org = (await t.services.organisations.find(who.org))!;
      const viewer = await t.services.viewers.of({ userId: who.userId, orgId: org.id });
      const started = await t.services.people.startImport(
        org,
        viewer,
        `email,first name,last name\nimported-${who.org}@example.com,I,M`,
      );
      Object.assign(who.ids, { importId: started.import._id });
    }
    Object.assign(world.unknown, { importId: 'no-such-import' });
    // A certificate of each organisation's owner, and an id nobody has.
    for (const who of [world.owner, world.stranger]) {
      const org = (await t.services.organisations.find(who.org))!;
      const certificateId = newCertificateId();
      await insertCertificate(t.database.db, {
        id: certificateId,
        orgId: org.id,
        userId: who.userId,
        topicId: 'budgeting',
        learnerName: 'Matrix Learner',
        topicName: 'Budgeting',
        organisationName: who.org,
        locale: 'en-US',
        issuedAt: new Date().toISOString(),
      });
      Object.assign(who.ids, { certificateId });
    }
    Object.assign(world.unknown, { certificateId: newCertificateId() });
    routes = [...new Set(routeKeys(t.routes).map((r) => r.key))].sort();
  });
  afterAll(async () => t?.close());

  it('knows every route of the route table: exercised, or public with a reason', () => {
    const unknown = routes.filter(
      (r) =>
        !(r in EXERCISED) &&
        !(r in PUBLIC) &&
        !Object.keys(PUBLIC_PREFIXES).some((prefix) => r.startsWith(prefix)),
    );
    expect(unknown, 'routes the tenant matrix does not know how to exercise').toEqual([]);
    // And lists no route that is gone.
    // (Public entries may be absent: static files depend on the build.)
    const gone = Object.keys(EXERCISED).filter((r) => !routes.includes(r));
    expect(gone, 'routes listed here that the app no longer has').toEqual([]);
  });

  it('answers 401, 403 or 404 to every case but the owner’s, revealing nothing', async () => {
    const snapshot = async () => {
      const auth = { authorization: `Bearer ${world.owner.token}` };
      // The workbook's `serverTime` is the clock as it answers, not the owner's data.
      const get = async (url: string) =>
        (await t.app.inject({ method: 'GET', url, headers: auth })).body.replace(
          /"serverTime":"[^"]*"/,
          '',
        );
      const { orderId, groupId } = world.owner.ids;
      return Promise.all([
        get('/api/org/alpha/account/settings'),
        get('/api/org/alpha/workbook'),
        get(`/api/org/alpha/order/${orderId}`),
        get(`/api/org/alpha/userGroup/${groupId}/invites`),
        get(`/api/org/alpha/userGroup/${groupId}/members`),
        get(`/api/org/alpha/userGroup/${groupId}/message`),
        get(`/api/org/alpha/userGroup/${groupId}/message?isPrivate=true`),
        get(`/api/org/alpha/userGroup/${groupId}/message/threads`),
      ]);
    };
    const before = await snapshot();

    const rows = new Map<string, string[]>();
    const answers = new Map<string, Map<Scenario, { status: number; body: string }>>();
    const leaks: string[] = [];
    let cases = 0;

    async function send(key: string, scenario: Scenario) {
      const exercise = EXERCISED[key]!;
      const [method, path] = key.split(' ') as [string, string];
      const subject = subjectFor(world, scenario);
      const headers: Record<string, string> = { host: subject.host };
      if (subject.token) headers.authorization = `Bearer ${subject.token}`;
      const payload = exercise.body?.(subject.ids);
      const res = await t.app.inject({
        method: method as 'GET',
        url: urlFor(path, subject, exercise.path?.(subject.ids)),
        headers,
        ...(payload !== undefined && { payload: payload as object }),
        // A stream that opens never ends: the answer is taken as soon as its head is written.
        ...(path.endsWith('/stream') && { payloadAsStream: true }),
      });
      let body = '';
      if (res.stream) {
        const stream = res.stream();
        if (res.statusCode < 300) stream.destroy();
        else for await (const chunk of stream) body += String(chunk);
      } else body = res.body;
      const answer = { status: res.statusCode, body };
      if (!answers.has(key)) answers.set(key, new Map());
      answers.get(key)!.set(scenario, answer);
      rows.set(key, [...(rows.get(key) ?? []), `${scenario}=${res.statusCode}`]);
      return answer;
    }

    const applies = (key: string, scenario: Scenario) => {
      const exercise = EXERCISED[key]!;
      if (exercise.skip?.[scenario]) return false;
      return exercise.takesIds || !['otherLearner', 'otherOrgIds', 'unknownId'].includes(scenario);
    };

    // Everyone but the owner first, on everything the owner has in the state it was made in.
    for (const key of Object.keys(EXERCISED).sort()) {
      const exercise = EXERCISED[key]!;
      for (const scenario of ALL_SCENARIOS) {
        if (scenario === 'own' || !applies(key, scenario)) continue;
        cases += 1;
        const { status, body } = await send(key, scenario);
        const problem = (what: string) =>
          leaks.push(`${key} [${scenario}] ${what}: ${status} ${body.slice(0, 200)}`);
        if (
          ![401, 403, 404, ...(exercise.refusal ? [exercise.refusal.status] : [])].includes(status)
        )
          problem('status');
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        const parsed = errorBodySchema.safeParse(json);
        if (!parsed.success || JSON.stringify(parsed.data) !== JSON.stringify(json))
          problem('not only the error body');
        for (const secret of [...world.owner.secrets, ...world.stranger.secrets])
          if (body.includes(secret)) problem(`shows "${secret}"`);
        if (exercise.signedIn && ['otherOrgToken', 'otherOrgHost', 'noToken'].includes(scenario))
          if (status !== 401) problem('a token not good here is not 401');
      }
      // Another's id answers exactly as an id nobody has: no way to tell that it exists.
      const mine = answers.get(key);
      const unknownAnswer = mine?.get('unknownId');
      for (const scenario of ['otherLearner', 'otherOrgIds'] as const) {
        const answer = mine?.get(scenario);
        if (exercise.existenceShown) continue;
        if (scenario === 'otherLearner' && exercise.refusedByRole) {
          if (answer && answer.status !== 403)
            leaks.push(`${key} [otherLearner] a learner is not refused by role: ${answer.status}`);
          continue;
        }
        if (answer && unknownAnswer && answer.status !== unknownAnswer.status)
          leaks.push(
            `${key} [${scenario}] answers ${answer.status} where an unknown id answers ${unknownAnswer.status}`,
          );
      }
    }
    // Nothing of the owner's changed.
    expect(await snapshot()).toEqual(before);

    // Then the owner: each case is real, its route reachable with these ids (a 409 for an order
    // already paid proves it as well as a 200).
    // Sign-up with the owner's open seat before revoke ends it.
    const ownFirst = ['POST /api/org/{org}/signup/{suffix}'];
    const ownLast = [
      'DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}',
      'DELETE /api/org/{org}/account/settings/profilePicture',
      'POST /api/org/{org}/logout',
    ];
    const ownOrder = [
      ...ownFirst,
      ...Object.keys(EXERCISED)
        .filter((k) => !ownLast.includes(k) && !ownFirst.includes(k))
        .sort(),
      ...ownLast,
    ];
    for (const key of ownOrder) {
      const own = await send(key, 'own');
      if (own.status >= 500 || [401, 403, 404].includes(own.status))
        leaks.push(
          `${key} [own] the owner's own call failed: ${own.status} ${own.body.slice(0, 200)}`,
        );
    }
    const table = [...rows].map(([key, r]) => `${key.padEnd(66)} ${r.join(' ')}`);
    console.log(
      `tenant matrix on ${kind}: ${Object.keys(EXERCISED).length} routes × up to ${ALL_SCENARIOS.length - 1} cases = ${cases} cases (public routes: ${Object.keys(PUBLIC).length}); leaks: ${leaks.length}\n${table.join('\n')}`,
    );
    expect(leaks).toEqual([]);
    expect(cases).toBeGreaterThan(100);
  });
});
