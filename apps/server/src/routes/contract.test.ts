import fs from 'node:fs';
import {
  errorBodySchema,
  messageAnswerSchema,
  ROUTE_NAMES,
  routeOf,
  ROUTE_SCHEMAS,
} from '@portal/domain';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertCertificate } from '../db/repositories/certificates';
import { setRoles } from '../db/repositories/roles';
import { newCertificateId } from '../services/certificates';
import { startTestApp, type TestApp } from '../test/app';
import {
  bearer,
  newestOutboxMail,
  newLearner,
  resetLinkIn,
  signup,
  waitFor,
} from '../test/auth-helpers';
import { DATABASE_KINDS } from '../test/databases';
import { makePack, mustImport } from '../test/factories';
import { accountWithRoles, studioTopic } from '../test/studio';
import { multipart, PNG_1X1 } from '../test/multipart';
import { openSse } from '../test/sse';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../test/oidc';

/**
 * The answer of every route, in the shape of its schema in the route table (packages/domain):
 * each 2xx body parses with the route's answer schema and loses nothing in the parse (no key the
 * schema does not know), and each 4xx body is the error body. The routes are listed from the
 * OpenAPI document, so a route added without a case here fails this test.
 */
const ANSWERS: Record<string, z.ZodType> = Object.fromEntries(
  ROUTE_NAMES.map((name) => {
    const { method, path } = routeOf(name);
    return [`${method} ${path}`, ROUTE_SCHEMAS[name].answer];
  }),
);

const LONG_BODY = `<p>${'A long reading. '.repeat(400)}</p>`;

describe.each(DATABASE_KINDS)('every route answers in its schema on %s', (kind) => {
  let t: TestApp;
  let provider: TestProvider;
  const seen = new Map<string, number[]>();

  beforeAll(async () => {
    // A real OpenID provider for the single sign-on routes.
    provider = await startOidcProvider({
      clients: [
        {
          client_id: 'portal',
          client_secret: 'contract-secret',
          redirect_uris: ['http://localhost/oauth/callback/contract-sso'],
        },
      ],
      identities: { sam: { sub: 'sam', email: 'sam@sso.example', email_verified: true } },
    });
    t = await startTestApp(kind, { SSO_ALLOW_HTTP: 'true', CONTRACT_SSO: 'contract-secret' });
    const pack = makePack('doughmain', { organisation: { enableMessaging: true } });
    pack.topics![0]!.pages[0]!.fragments.push({
      _id: 'long-read',
      type: 'content',
      content: LONG_BODY,
    });
    pack.userGroups!.push({
      _id: 'contract-sso',
      name: 'SSO',
      topics: [],
      oauth: { issuer: provider.issuer, clientId: 'portal', clientSecret: 'env:CONTRACT_SSO' },
    });
    await mustImport(t.database.db, pack);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Sends a request and checks its answer against the route's schema. */
  async function call(
    route: string,
    request: {
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
    },
  ) {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const res = await t.app.inject({
      method,
      url: request.url,
      headers: request.headers ?? {},
      ...(request.payload !== undefined && { payload: request.payload as object }),
    });
    const body = res.json();
    seen.set(route, [...(seen.get(route) ?? []), res.statusCode]);
    if (res.statusCode < 300) {
      const schema = ANSWERS[route];
      expect(schema, `no answer schema for ${route}`).toBeDefined();
      const parsed = schema!.safeParse(body);
      expect(parsed.error, `${route}: ${JSON.stringify(parsed.error?.issues)}`).toBeUndefined();
      // Nothing of the answer is unknown to its schema.
      expect(parsed.data, route).toEqual(body);
    } else {
      const parsed = errorBodySchema.safeParse(body);
      expect(parsed.success, `${route} ${res.statusCode}: ${res.body}`).toBe(true);
      expect(parsed.data, route).toEqual(body);
    }
    return { status: res.statusCode, body, headers: res.headers };
  }

  it('for every route of the API document, on success and on error', async () => {
    const learner = newLearner('contract');
    const first = await signup(t.app, 'doughmain', learner);

    await call('GET /healthz', { url: '/healthz' });
    await call('GET /readyz', { url: '/readyz' });
    // Prometheus text, open here (no METRICS_TOKEN; its 401 is metrics.test.ts's).
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toContain('portal_http_request_duration_seconds');
    seen.set('GET /metrics', [metrics.statusCode]);
    await call('GET /api/host', { url: '/api/host', headers: { host: 'localhost:3000' } });
    await call('GET /api/host', { url: '/api/host', headers: { host: 'nobody.example' } });
    await call('GET /api/org/{org}', { url: '/api/org/doughmain?locale=fr-CA' });
    await call('GET /api/org/{org}', {
      url: '/api/org/doughmain',
      headers: bearer(first.token),
    });
    await call('GET /api/org/{org}', { url: '/api/org/nope' });
    await call('GET /api/org/{org}/bundle', { url: '/api/org/doughmain/bundle' });
    await call('POST /api/org/{org}/login', {
      url: '/api/org/doughmain/login',
      payload: { username: learner.username, password: learner.password },
    });
    await call('POST /api/org/{org}/login', {
      url: '/api/org/doughmain/login',
      payload: { username: learner.username },
    });
    await call('POST /api/org/{org}/signup', {
      url: '/api/org/doughmain/signup',
      payload: newLearner('contract2'),
    });
    await call('POST /api/org/{org}/signup/{suffix}', {
      url: '/api/org/doughmain/signup/no-such-invite',
      payload: newLearner('contract3'),
    });
    // An invitation (the store makes them; here, by hand) carried as the path suffix.
    await t.database.db.kysely
      .insertInto('invites')
      .values({
        id: 'contract-invite',
        org_id: (await t.organisations.find('doughmain'))!.id,
        group_id: 'insiders',
        email_key: null,
        created_at: new Date().toISOString(),
        used_by: null,
        used_at: null,
      })
      .execute();
    await call('POST /api/org/{org}/signup/{suffix}', {
      url: '/api/org/doughmain/signup/contract-invite',
      payload: newLearner('contract4'),
    });
    await call('POST /api/org/{org}/login/forgot', {
      url: '/api/org/doughmain/login/forgot',
      payload: { email: learner.email },
    });
    await call('PUT /api/org/{org}/login/reset/{email}/{token}', {
      url: `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${'x'.repeat(43)}`,
      payload: { password: 'new-password-1', confirm: 'new-password-1' },
    });
    const mail = await waitFor(() => {
      const m = newestOutboxMail(path.join(t.config.dataDir, 'outbox'), learner.email);
      return m?.includes(learner.email) ? m : undefined;
    });
    await call('PUT /api/org/{org}/login/reset/{email}/{token}', {
      url: `/api/org/doughmain/login/reset/${encodeURIComponent(learner.email)}/${resetLinkIn(mail)!.token}`,
      payload: { password: 'new-password-1', confirm: 'new-password-1' },
    });
    // The reset ended every session: sign in again.
    const again = await call('POST /api/org/{org}/login', {
      url: '/api/org/doughmain/login',
      payload: { username: learner.username, password: 'new-password-1' },
    });
    const auth = bearer(again.body.token);
    await call('GET /api/org/{org}/account/settings', {
      url: '/api/org/doughmain/account/settings',
      headers: auth,
    });
    await call('GET /api/org/{org}/account/settings', {
      url: '/api/org/doughmain/account/settings',
    });
    await call('PUT /api/org/{org}/account/settings', {
      url: '/api/org/doughmain/account/settings',
      headers: auth,
      payload: { name: { first: 'Grace' }, company: 'Navy' },
    });

    const form = multipart([
      { name: 'upload_preset', value: 'doughmain' },
      { name: 'tags', value: 'flcms' },
      { name: 'file', filename: 'me.png', type: 'image/png', data: PNG_1X1 },
    ]);
    const uploaded = await call('POST /api/upload', {
      url: '/api/upload',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    await call('POST /api/org/{org}/account/settings/profilePicture', {
      url: '/api/org/doughmain/account/settings/profilePicture',
      headers: auth,
      payload: uploaded.body,
    });
    await call('GET /api/org/{org}/account/settings', {
      url: '/api/org/doughmain/account/settings',
      headers: auth,
    });
    await call('DELETE /api/org/{org}/account/settings/profilePicture', {
      url: '/api/org/doughmain/account/settings/profilePicture',
      headers: auth,
    });
    await call('PUT /api/org/{org}/account/settings/password', {
      url: '/api/org/doughmain/account/settings/password',
      headers: auth,
      payload: { current: 'wrong-password', password: 'newer-password-2', confirm: 'x' },
    });
    await call('PUT /api/org/{org}/account/settings/password', {
      url: '/api/org/doughmain/account/settings/password',
      headers: auth,
      payload: {
        current: 'new-password-1',
        password: 'newer-password-2',
        confirm: 'newer-password-2',
      },
    });
    await call('POST /api/org/{org}/account/settings/email', {
      url: '/api/org/doughmain/account/settings/email',
      headers: auth,
      payload: { email: 'not an email' },
    });
    await call('POST /api/org/{org}/account/settings/email', {
      url: '/api/org/doughmain/account/settings/email',
      headers: auth,
      payload: { email: `changed-${learner.email}` },
    });
    await call('POST /api/org/{org}/account/email/confirm', {
      url: '/api/org/doughmain/account/email/confirm',
      payload: { token: 'x'.repeat(43) },
    });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const confirmToken = await waitFor(() => {
      for (const name of fs.readdirSync(outbox)) {
        const text = fs
          .readFileSync(path.join(outbox, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const found = /\/confirmEmail\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
        if (found) return found;
      }
      return undefined;
    });
    await call('POST /api/org/{org}/account/email/confirm', {
      url: '/api/org/doughmain/account/email/confirm',
      payload: { token: confirmToken },
    });

    await call('GET /api/org/{org}/workbook', {
      url: '/api/org/doughmain/workbook',
      headers: auth,
    });
    await call('PUT /api/org/{org}/workbook', {
      url: '/api/org/doughmain/workbook',
      headers: auth,
      payload: {
        workbook: {
          general: { data: {}, updatedAt: new Date().toISOString(), completedPages: [] },
          topics: {
            budgeting: [
              {
                name: 'New Worksheet',
                data: { income: 100 },
                updatedAt: new Date().toISOString(),
                completedPages: ['budgeting-p1'],
              },
            ],
          },
          history: { topicId: 'budgeting', pageId: 'budgeting-p1', worksheetIndex: 0 },
        },
      },
    });
    await call('PUT /api/org/{org}/workbook', {
      url: '/api/org/doughmain/workbook',
      headers: auth,
      payload: { workbook: 'nope' },
    });
    // The studio's preview (issue 26): an author's, and a learner refused.
    const author = await signup(t.app, 'doughmain');
    const orgId = (await t.organisations.find('doughmain'))!.id;
    const authorId = (await t.services.sessions.find(author.token, orgId))!.userId;
    await setRoles(t.database.db, orgId, authorId, ['author']);
    const asAuthor = bearer(author.token);
    await call('GET /api/org/{org}/studio/topic/{topicId}/preview', {
      url: '/api/org/doughmain/studio/topic/budgeting/preview?locale=fr-CA',
      headers: asAuthor,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/preview', {
      url: '/api/org/doughmain/studio/topic/budgeting/preview',
      headers: auth,
    });
    await call('GET /api/org/{org}/studio/preview/workbook', {
      url: '/api/org/doughmain/studio/preview/workbook',
      headers: asAuthor,
    });
    await call('PUT /api/org/{org}/studio/preview/workbook', {
      url: '/api/org/doughmain/studio/preview/workbook',
      headers: asAuthor,
      payload: {
        workbook: {
          topics: {
            budgeting: [
              {
                name: 'New Worksheet',
                data: { income: 100 },
                updatedAt: new Date().toISOString(),
                completedPages: [],
              },
            ],
          },
        },
      },
    });
    await call('PUT /api/org/{org}/studio/preview/workbook', {
      url: '/api/org/doughmain/studio/preview/workbook',
      headers: asAuthor,
      payload: { workbook: 'nope' },
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/preview/worksheet/{index}/grade', {
      url: '/api/org/doughmain/studio/topic/budgeting/preview/worksheet/0/grade',
      headers: asAuthor,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/preview/worksheet/{index}/grade', {
      url: '/api/org/doughmain/studio/topic/budgeting/preview/worksheet/9/grade',
      headers: asAuthor,
    });
    await call('DELETE /api/org/{org}/studio/preview/workbook', {
      url: '/api/org/doughmain/studio/preview/workbook',
      headers: asAuthor,
    });
    await call('DELETE /api/org/{org}/studio/preview/workbook', {
      url: '/api/org/doughmain/studio/preview/workbook',
      headers: auth,
    });
    await call('GET /api/org/{org}/topic/{topicId}', {
      url: '/api/org/doughmain/topic/budgeting?locale=fr-CA',
    });
    await call('GET /api/org/{org}/topic/{topicId}', { url: '/api/org/doughmain/topic/general' });
    await call('GET /api/org/{org}/topic/{topicId}', {
      url: '/api/org/doughmain/topic/secret-topic',
    });
    await call('GET /api/org/{org}/topic/{topicId}/bundles', {
      url: '/api/org/doughmain/topic/secret-topic/bundles?locale=fr-CA',
    });
    await call('GET /api/org/{org}/topic/{topicId}/bundles', {
      url: '/api/org/doughmain/topic/no-such-topic/bundles',
    });
    await call('GET /api/org/{org}/{id}/content', {
      url: '/api/org/doughmain/long-read/content?parent=budgeting-p1',
    });
    await call('GET /api/org/{org}/{id}/content/', {
      url: '/api/org/doughmain/long-read/content/?locale=fr-CA',
    });
    await call('GET /api/org/{org}/{id}/content', { url: '/api/org/doughmain/nothing/content' });
    const grade = await call('GET /api/org/{org}/topic/{topicId}/worksheet/{index}/grade', {
      url: '/api/org/doughmain/topic/budgeting/worksheet/0/grade',
      headers: auth,
    });
    expect(grade.body.scores.score).toBe(1);
    await call('GET /api/org/{org}/topic/{topicId}/worksheet/{index}/grade', {
      url: '/api/org/doughmain/topic/budgeting/worksheet/-1/grade',
      headers: auth,
    });
    await call('GET /api/org/{org}/search', { url: '/api/org/doughmain/search?keywords=budget' });
    await call('GET /api/org/{org}/search', {
      url: '/api/org/doughmain/search?keywords=x&locale=%',
    });
    await call('POST /api/org/{org}/analytics/events', {
      url: '/api/org/doughmain/analytics/events',
      headers: auth,
      payload: {
        name: 'UPLOAD_FILE',
        category: 'UPLOAD',
        data: { email: learner.email, fileName: 'a.pdf', topicName: 'T', pageName: 'P' },
      },
    });

    // The store (local checkout): purchase, see, cancel, pay.
    await call('POST /api/org/{org}/bundle/{bundleId}/purchase', {
      url: '/api/org/doughmain/bundle/bundle-1/purchase',
      headers: auth,
      payload: { quantity: 0 },
    });
    const bought = await call('POST /api/org/{org}/bundle/{bundleId}/purchase', {
      url: '/api/org/doughmain/bundle/bundle-1/purchase',
      headers: auth,
      payload: { quantity: 2, locale: 'en-US' },
    });
    const cancelledId = String(bought.body.checkoutSession.url).split('/').pop()!;
    await call('GET /api/org/{org}/order/{orderId}', {
      url: `/api/org/doughmain/order/${cancelledId}`,
      headers: auth,
    });
    await call('GET /api/org/{org}/order/{orderId}', {
      url: '/api/org/doughmain/order/nope',
      headers: auth,
    });
    await call('POST /api/org/{org}/order/{orderId}/cancel', {
      url: `/api/org/doughmain/order/${cancelledId}/cancel`,
      headers: auth,
    });
    await call('POST /api/org/{org}/order/{orderId}/pay', {
      url: `/api/org/doughmain/order/${cancelledId}/pay`,
      headers: auth,
    });
    const second = await call('POST /api/org/{org}/bundle/{bundleId}/purchase', {
      url: '/api/org/doughmain/bundle/bundle-1/purchase',
      headers: auth,
      payload: { quantity: 5 },
    });
    const paidId = String(second.body.checkoutSession.url).split('/').pop()!;
    const paid = await call('POST /api/org/{org}/order/{orderId}/pay', {
      url: `/api/org/doughmain/order/${paidId}/pay`,
      headers: auth,
    });
    expect(paid.body.order.status).toBe('fulfilled');
    await call('POST /api/org/{org}/order/{orderId}/cancel', {
      url: `/api/org/doughmain/order/${paidId}/cancel`,
      headers: auth,
    });
    const mine = await call('GET /api/org/{org}/order', {
      url: '/api/org/doughmain/order',
      headers: auth,
    });
    expect(mine.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual(
      [cancelledId, paidId].sort(),
    );
    await call('GET /api/org/{org}/order', { url: '/api/org/doughmain/order' });
    // The five seats are open invitations of the buyer's cohort, which the buyer administers.
    const cohort = paid.body.order.cohortId as string;
    const group = `/api/org/doughmain/userGroup/${cohort}`;
    const seats = await call('GET /api/org/{org}/userGroup/{groupId}/invites', {
      url: `${group}/invites`,
      headers: auth,
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/invites', { url: `${group}/invites` });
    const [seatA, seatB, seatC] = seats.body.invitations.map((i: { _id: string }) => i._id);
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke', {
      url: `${group}/invites/${seatB}/revoke`,
      headers: auth,
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke', {
      url: `${group}/invites/nope/revoke`,
      headers: auth,
    });

    // A signed-in learner accepts a seat: joins; a second time is a conflict; a visitor 401.
    const taker = await signup(t.app, 'doughmain');
    await call('POST /api/org/{org}/invite/{inviteId}/accept', {
      url: `/api/org/doughmain/invite/${seatC}/accept`,
      headers: bearer(taker.token),
    });
    await call('POST /api/org/{org}/invite/{inviteId}/accept', {
      url: `/api/org/doughmain/invite/${seatA}/accept`,
      headers: bearer(taker.token),
    });
    await call('POST /api/org/{org}/invite/{inviteId}/accept', {
      url: `/api/org/doughmain/invite/${seatA}/accept`,
    });

    // Messages: the buyer administers the cohort; the taker is a member of it.
    const messages = `${group}/message`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const live = await openSse(`http://127.0.0.1:${port}${messages}/stream`, bearer(taker.token));
    expect(live.status).toBe(200);
    await live.until(() => live.comments.includes('ready'));
    seen.set('GET /api/org/{org}/userGroup/{groupId}/message/stream', [live.status]);
    await call('GET /api/org/{org}/userGroup/{groupId}/message/stream', {
      url: `${messages}/stream`,
    });
    const posted = await call('POST /api/org/{org}/userGroup/{groupId}/message', {
      url: messages,
      headers: auth,
      payload: { body: 'Hello, group' },
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/message', {
      url: messages,
      headers: auth,
      payload: { body: '   ' },
    });
    await live.until(() => live.events.length > 0);
    const streamed = JSON.parse(live.events[0]!.data);
    expect(messageAnswerSchema.shape.message.parse(streamed)).toEqual(streamed);
    expect(streamed).toEqual(posted.body.message);
    live.close();
    await call('GET /api/org/{org}/userGroup/{groupId}/message', {
      url: `${messages}?limit=10&isPrivate=false`,
      headers: bearer(taker.token),
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/message', {
      url: `${messages}?limit=51`,
      headers: auth,
    });
    await call('GET /api/org/{org}/message/unread', {
      url: '/api/org/doughmain/message/unread',
      headers: bearer(taker.token),
    });
    await call('GET /api/org/{org}/message/unread', { url: '/api/org/doughmain/message/unread' });
    await call('POST /api/org/{org}/userGroup/{groupId}/message/read', {
      url: `${messages}/read`,
      headers: bearer(taker.token),
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/message/read', {
      url: '/api/org/doughmain/userGroup/nope/message/read',
      headers: bearer(taker.token),
    });
    // A private thread: the taker's own, which the buyer lists, reads and answers in.
    const asked = await call('POST /api/org/{org}/userGroup/{groupId}/message', {
      url: messages,
      headers: bearer(taker.token),
      payload: { body: 'A question', isPrivate: true },
    });
    const takerThread = asked.body.message.thread as string;
    const threads = await call('GET /api/org/{org}/userGroup/{groupId}/message/threads', {
      url: `${messages}/threads`,
      headers: auth,
    });
    expect(threads.body.threads.map((th: { thread: string }) => th.thread)).toEqual([takerThread]);
    await call('GET /api/org/{org}/userGroup/{groupId}/message/threads', {
      url: `${messages}/threads`,
      headers: bearer(taker.token),
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/message', {
      url: messages,
      headers: auth,
      payload: { body: 'An answer', isPrivate: true, threadOf: takerThread },
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/message', {
      url: `${messages}?isPrivate=true&thread=${takerThread}`,
      headers: auth,
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/message/read', {
      url: `${messages}/read`,
      headers: auth,
      payload: { thread: takerThread },
    });

    // The group's page: the buyer administers the cohort; the taker is a member of it.
    await call('GET /api/org/{org}/userGroup', {
      url: '/api/org/doughmain/userGroup',
      headers: auth,
    });
    await call('GET /api/org/{org}/userGroup', { url: '/api/org/doughmain/userGroup' });
    const table = await call('GET /api/org/{org}/userGroup/{groupId}/members', {
      url: `${group}/members?limit=10&sort=score&order=desc`,
      headers: auth,
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/members', {
      url: `${group}/members?limit=1000`,
      headers: auth,
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/members', {
      url: `${group}/members`,
      headers: bearer(taker.token),
    });
    const csv = await t.app.inject({ method: 'GET', url: `${group}/members.csv`, headers: auth });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toMatch(/^name,email,/);
    const csvRefused = await t.app.inject({ method: 'GET', url: `${group}/members.csv` });
    expect(errorBodySchema.safeParse(csvRefused.json()).success).toBe(true);
    seen.set('GET /api/org/{org}/userGroup/{groupId}/members.csv', [
      csv.statusCode,
      csvRefused.statusCode,
    ]);
    const takerId = table.body.members[0].account._id as string;
    await call(
      'GET /api/org/{org}/userGroup/{groupId}/members/{accountId}/topic/{topicId}/worksheet/{index}',
      { url: `${group}/members/${takerId}/topic/secret-topic/worksheet/0`, headers: auth },
    );
    await call(
      'GET /api/org/{org}/userGroup/{groupId}/members/{accountId}/topic/{topicId}/worksheet/{index}',
      { url: `${group}/members/${takerId}/topic/secret-topic/worksheet/x`, headers: auth },
    );
    const bulk = await call('POST /api/org/{org}/userGroup/{groupId}/invites', {
      url: `${group}/invites`,
      headers: auth,
      payload: { emails: 'pal@example.com, not-an-email' },
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/invites', {
      url: `${group}/invites`,
      headers: auth,
      payload: { emails: 42 },
    });
    const palInvite = bulk.body.invited[0]._id as string;
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/resend', {
      url: `${group}/invites/${palInvite}/resend`,
      headers: auth,
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/resend', {
      url: `${group}/invites/nope/resend`,
      headers: auth,
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke', {
      url: `${group}/invites/${palInvite}/revoke`,
      headers: auth,
    });
    await call('POST /api/org/{org}/userGroup/{groupId}/invites/{inviteId}/revoke', {
      url: `${group}/invites/${palInvite}/revoke`,
      headers: bearer(taker.token),
    });
    await call('DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}', {
      url: `${group}/members/${takerId}`,
      headers: auth,
    });
    await call('DELETE /api/org/{org}/userGroup/{groupId}/members/{accountId}', {
      url: `${group}/members/${takerId}`,
      headers: auth,
    });

    await call('POST /api/org/{org}/logout', { url: '/api/org/doughmain/logout', headers: auth });
    await call('POST /api/org/{org}/logout', { url: '/api/org/doughmain/logout', headers: auth });

    // Single sign-on through a real provider; a group without SSO, a missing flow.
    await call('GET /api/org/{org}/userGroup/{groupId}/oauthuserprompt', {
      url: '/api/org/doughmain/userGroup/contract-sso/oauthuserprompt?locale=fr-CA',
    });
    await call('GET /api/org/{org}/userGroup/{groupId}/oauthuserprompt', {
      url: '/api/org/doughmain/userGroup/insiders/oauthuserprompt',
    });
    const sso = await call('GET /api/org/{org}/login/oauth', {
      url: '/api/org/doughmain/login/oauth?groupid=contract-sso',
    });
    await call('GET /api/org/{org}/login/oauth', {
      url: '/api/org/doughmain/login/oauth?groupid=insiders',
    });
    const callback = await signInAtProvider(sso.body.authorizationUrl, 'sam');
    const complete = {
      groupId: 'contract-sso',
      code: callback.searchParams.get('code'),
      oAuthInviteId: '',
      state: callback.searchParams.get('state'),
    };
    // The flow cookie of the browser that started it (issue 24: a callback without it is refused).
    const flowCookie = String(sso.headers['set-cookie']).split(';')[0]!;
    await call('POST /api/org/{org}/oauth/complete', {
      url: '/api/org/doughmain/oauth/complete',
      payload: complete,
      headers: { cookie: flowCookie },
    });
    await call('POST /api/org/{org}/oauth/complete', {
      url: '/api/org/doughmain/oauth/complete',
      payload: complete,
    });

    // The studio (docs/design.md §14): an author of doughmain, and a learner refused.
    const writer = await accountWithRoles(t, 'doughmain', ['author'], 'contract');
    const studio = '/api/org/doughmain/studio';
    const as = writer.headers;
    await call('GET /api/org/{org}/studio/topics', { url: `${studio}/topics`, headers: as });
    await call('GET /api/org/{org}/studio/topics', {
      url: `${studio}/topics`,
      headers: bearer(first.token),
    });
    await call('POST /api/org/{org}/studio/topics', {
      url: `${studio}/topics`,
      payload: { topic: studioTopic('contract-topic') },
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topics', {
      url: `${studio}/topics`,
      payload: { topic: studioTopic('contract-topic') },
      headers: as,
    });
    const draft = await call('GET /api/org/{org}/studio/topic/{topicId}', {
      url: `${studio}/topic/contract-topic`,
      headers: as,
    });
    await call('PUT /api/org/{org}/studio/topic/{topicId}', {
      url: `${studio}/topic/contract-topic`,
      payload: { topic: { ...draft.body.topic, name: 'Contract' }, version: draft.body.version },
      headers: as,
    });
    await call('PUT /api/org/{org}/studio/topic/{topicId}', {
      url: `${studio}/topic/contract-topic`,
      payload: { topic: draft.body.topic, version: draft.body.version },
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topic/{topicId}/publish', {
      url: `${studio}/topic/contract-topic/publish`,
      payload: { note: 'First' },
      headers: as,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/versions', {
      url: `${studio}/topic/contract-topic/versions`,
      headers: as,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/versions/{version}', {
      url: `${studio}/topic/contract-topic/versions/1`,
      headers: as,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/versions/{version}', {
      url: `${studio}/topic/contract-topic/versions/5`,
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topic/{topicId}/restore', {
      url: `${studio}/topic/contract-topic/restore`,
      payload: { version: 1 },
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topic/{topicId}/archive', {
      url: `${studio}/topic/contract-topic/archive`,
      payload: { archived: true },
      headers: as,
    });
    await call('GET /api/org/{org}/studio/topic/{topicId}/answers', {
      url: `${studio}/topic/budgeting/answers`,
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topic/{topicId}/presence', {
      url: `${studio}/topic/budgeting/presence`,
      headers: as,
    });
    await call('POST /api/org/{org}/studio/topic/{topicId}/presence', {
      url: `${studio}/topic/no-such-topic/presence`,
      headers: as,
    });
    const catalogue = await call('GET /api/org/{org}/studio/catalogue', {
      url: `${studio}/catalogue`,
      headers: as,
    });
    const { userGroups: _groups, ...saved } = catalogue.body;
    await call('PUT /api/org/{org}/studio/catalogue', {
      url: `${studio}/catalogue`,
      payload: { ...saved, grants: {} },
      headers: as,
    });
    await call('PUT /api/org/{org}/studio/catalogue', {
      url: `${studio}/catalogue`,
      payload: { ...saved, grants: {} },
      headers: as,
    });

    // The console (docs/design.md §15): an administrator's audit log and its CSV; an author refused.
    const chief = await accountWithRoles(t, 'doughmain', ['admin'], 'chief');
    const admin = '/api/org/doughmain/admin';
    await call('GET /api/org/{org}/admin/audit', {
      url: `${admin}/audit?action=topic.&limit=2`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/audit', { url: `${admin}/audit`, headers: as });
    await call('GET /api/org/{org}/admin/audit', {
      url: `${admin}/audit?cursor=!`,
      headers: chief.headers,
    });
    const auditCsv = await t.app.inject({
      method: 'GET',
      url: `${admin}/audit.csv?target=catalogue`,
      headers: chief.headers,
    });
    expect(auditCsv.headers['content-type']).toContain('text/csv');
    expect(auditCsv.body.split('\r\n')[0]).toBe('at,actor,actorName,action,target,before,after');
    const auditCsvRefused = await t.app.inject({
      method: 'GET',
      url: `${admin}/audit.csv`,
      headers: as,
    });
    expect(errorBodySchema.safeParse(auditCsvRefused.json()).success).toBe(true);
    seen.set('GET /api/org/{org}/admin/audit.csv', [
      auditCsv.statusCode,
      auditCsvRefused.statusCode,
    ]);

    // The console's settings: read, saved (and a stale save), published, listed, restored.
    const settingsUrl = `${admin}/settings`;
    const read = await call('GET /api/org/{org}/admin/settings', {
      url: settingsUrl,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/settings', { url: settingsUrl, headers: as });
    const { settings, version } = read.body as { settings: object; version: number };
    await call('PUT /api/org/{org}/admin/settings', {
      url: settingsUrl,
      payload: { settings, version },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/settings', {
      url: settingsUrl,
      payload: { settings, version },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/settings/publish', {
      url: `${settingsUrl}/publish`,
      payload: {},
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/settings/publish', {
      url: `${settingsUrl}/publish`,
      payload: { note: 7 },
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/settings/versions', {
      url: `${settingsUrl}/versions`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/settings/versions', {
      url: `${settingsUrl}/versions`,
      headers: as,
    });
    await call('POST /api/org/{org}/admin/settings/restore', {
      url: `${settingsUrl}/restore`,
      payload: { version: 1 },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/settings/restore', {
      url: `${settingsUrl}/restore`,
      payload: { version: 404 },
      headers: chief.headers,
    });

    // The console's user groups: listed, made (and a taken id), saved, an administrator named
    // and taken away (and an unknown account).
    await call('GET /api/org/{org}/admin/groups', {
      url: `${admin}/groups`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/groups', { url: `${admin}/groups`, headers: as });
    const team = { _id: 'contract-team', name: { 'en-US': 'Team', 'fr-CA': 'Équipe' } };
    await call('POST /api/org/{org}/admin/groups', {
      url: `${admin}/groups`,
      payload: team,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/groups', {
      url: `${admin}/groups`,
      payload: team,
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/group/{groupId}', {
      url: `${admin}/group/contract-team`,
      payload: { name: 'Team', topics: [] },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/group/{groupId}', {
      url: `${admin}/group/contract-team`,
      payload: { name: 'Team', topics: ['no-such-topic'] },
      headers: chief.headers,
    });
    const chiefEmail = (
      await t.database.db.kysely
        .selectFrom('users')
        .select('email')
        .where('id', '=', chief.userId)
        .executeTakeFirstOrThrow()
    ).email;
    await call('POST /api/org/{org}/admin/group/{groupId}/admins', {
      url: `${admin}/group/contract-team/admins`,
      payload: { email: chiefEmail },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/group/{groupId}/admins', {
      url: `${admin}/group/contract-team/admins`,
      payload: { email: 'nobody@nowhere.example' },
      headers: chief.headers,
    });
    await call('DELETE /api/org/{org}/admin/group/{groupId}/admins/{accountId}', {
      url: `${admin}/group/contract-team/admins/${chief.userId}`,
      headers: chief.headers,
    });
    // A group's single sign-on: cleared; an env: secret refused; the connection tested (this
    // server keeps its network private: answered without connecting).
    await call('PUT /api/org/{org}/admin/group/{groupId}/sso', {
      url: `${admin}/group/contract-team/sso`,
      payload: { sso: null },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/group/{groupId}/sso', {
      url: `${admin}/group/contract-team/sso`,
      payload: {
        sso: { issuer: 'https://idp.example.com', clientId: 'c', clientSecret: 'env:PATH' },
      },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/group/{groupId}/sso/test', {
      url: `${admin}/group/contract-team/sso/test`,
      payload: { issuer: 'https://127.0.0.1/' },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/group/{groupId}/sso/test', {
      url: `${admin}/group/nope/sso/test`,
      payload: {},
      headers: chief.headers,
    });
    await call('DELETE /api/org/{org}/admin/group/{groupId}/admins/{accountId}', {
      url: `${admin}/group/contract-team/admins/${chief.userId}`,
      headers: chief.headers,
    });

    // The console's bundles: listed, made (and a taken id), saved (and another group's).
    await call('GET /api/org/{org}/admin/bundles', {
      url: `${admin}/bundles`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/bundles', { url: `${admin}/bundles`, headers: as });
    const { bundles: stocked } = (
      await t.app.inject({ method: 'GET', url: `${admin}/bundles`, headers: chief.headers })
    ).json() as { bundles: { _id: string; userGroup: string }[] };
    const bundle = { ...stocked[0]!, _id: 'contract-bundle' };
    for (let i = 0; i < 2; i += 1)
      await call('POST /api/org/{org}/admin/bundles', {
        url: `${admin}/bundles`,
        payload: { bundle },
        headers: chief.headers,
      });
    await call('PUT /api/org/{org}/admin/bundle/{bundleId}', {
      url: `${admin}/bundle/contract-bundle`,
      payload: { bundle: { ...bundle, price: 12 } },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/bundle/{bundleId}', {
      url: `${admin}/bundle/contract-bundle`,
      payload: { bundle: { ...bundle, userGroup: 'no-such-group' } },
      headers: chief.headers,
    });

    // The console's People screen: an administrator's calls, an author refused, bad input.
    const people = `${admin}/people`;
    await call('GET /api/org/{org}/admin/people', {
      url: `${people}?q=chief&limit=5`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people', {
      url: `${people}?role=king`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people', { url: people, headers: as });
    const invited = await call('POST /api/org/{org}/admin/people', {
      url: people,
      payload: {
        email: 'contract.invite@example.com',
        first: 'Con',
        last: 'Tract',
        roles: ['author'],
      },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people', {
      url: people,
      payload: { email: 'no' },
      headers: chief.headers,
    });
    const personUrl = `${people}/${invited.body.person._id as string}`;
    await call('GET /api/org/{org}/admin/people/{accountId}', {
      url: personUrl,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people/{accountId}', {
      url: `${people}/nobody`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/invitation', {
      url: `${personUrl}/invitation`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/invitation', {
      url: `${people}/${chief.userId}/invitation`,
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/people/{accountId}/roles', {
      url: `${personUrl}/roles`,
      payload: { roles: ['learner'] },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/people/{accountId}/roles', {
      url: `${personUrl}/roles`,
      payload: { roles: 'admin' },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/people/{accountId}/groups', {
      url: `${personUrl}/groups`,
      payload: { group: 'no-such-group', role: 'member' },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/admin/people/{accountId}/groups', {
      url: `${personUrl}/groups`,
      payload: { group: 'contract-sso', role: 'admin' },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/deactivate', {
      url: `${personUrl}/deactivate`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/deactivate', {
      url: `${people}/${chief.userId}/deactivate`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/reactivate', {
      url: `${personUrl}/reactivate`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people/{accountId}/reactivate', {
      url: `${personUrl}/reactivate`,
      headers: as,
    });
    const peopleCsv =
      'email,first name,last name,groups,roles\ncsv.one@example.com,C,One,,author\nbad,B,Ad,,';
    await call('POST /api/org/{org}/admin/people-import/dry-run', {
      url: `${admin}/people-import/dry-run`,
      payload: { csv: peopleCsv },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people-import/dry-run', {
      url: `${admin}/people-import/dry-run`,
      payload: {},
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/people-import', {
      url: `${admin}/people-import`,
      payload: { csv: peopleCsv },
      headers: chief.headers,
    });
    const started = await call('POST /api/org/{org}/admin/people-import', {
      url: `${admin}/people-import`,
      payload: { csv: peopleCsv.split('\n').slice(0, 2).join('\n') },
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people-import/{importId}', {
      url: `${admin}/people-import/${started.body.import._id as string}`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people-import/{importId}', {
      url: `${admin}/people-import/nope`,
      headers: chief.headers,
    });

    // Certificates (issue 28): verify (any host, no session), the learner's list, the console's
    // list and revocation.
    const doughmain = (await t.services.organisations.find('doughmain'))!;
    const certificateId = newCertificateId();
    await insertCertificate(t.database.db, {
      id: certificateId,
      orgId: doughmain.id,
      userId: chief.userId,
      topicId: 'budgeting',
      learnerName: 'Contract Chief',
      topicName: { 'en-US': 'Budgeting', 'fr-CA': 'Budget' },
      organisationName: 'Doughmain',
      locale: 'en-US',
      issuedAt: new Date().toISOString(),
    });
    await call('GET /api/verify/{certificateId}', { url: `/api/verify/${certificateId}` });
    await call('GET /api/verify/{certificateId}', { url: `/api/verify/${newCertificateId()}` });
    await call('GET /api/verify/{certificateId}', { url: '/api/verify/not-an-id' });
    const certificatePdf = await t.app.inject({
      method: 'GET',
      url: `/api/verify/${certificateId}/pdf`,
    });
    expect(certificatePdf.headers['content-type']).toBe('application/pdf');
    const certificatePdfUnknown = await t.app.inject({
      method: 'GET',
      url: `/api/verify/${newCertificateId()}/pdf`,
    });
    expect(errorBodySchema.safeParse(certificatePdfUnknown.json()).success).toBe(true);
    seen.set('GET /api/verify/{certificateId}/pdf', [
      certificatePdf.statusCode,
      certificatePdfUnknown.statusCode,
    ]);
    // Its Open Badge (a VC-JWT, not JSON), the organisation's keys and its issuer Profile.
    const badge = await t.app.inject({ method: 'GET', url: `/api/verify/${certificateId}/badge` });
    expect(badge.statusCode, badge.body).toBe(200);
    expect(badge.headers['content-type']).toBe('application/vc+jwt');
    expect(badge.body).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const badgeUnknown = await t.app.inject({
      method: 'GET',
      url: `/api/verify/${newCertificateId()}/badge`,
    });
    expect(errorBodySchema.safeParse(badgeUnknown.json()).success).toBe(true);
    seen.set('GET /api/verify/{certificateId}/badge', [badge.statusCode, badgeUnknown.statusCode]);
    await call('GET /.well-known/jwks.json', {
      url: '/.well-known/jwks.json',
      headers: { host: 'localhost:3000' },
    });
    await call('GET /.well-known/jwks.json', {
      url: '/.well-known/jwks.json',
      headers: { host: 'nobody.example' },
    });
    await call('GET /api/org/{org}/issuer', { url: '/api/org/doughmain/issuer?locale=fr-CA' });
    await call('GET /api/org/{org}/issuer', { url: '/api/org/nope/issuer' });
    await call('GET /api/org/{org}/account/certificates', {
      url: '/api/org/doughmain/account/certificates?locale=fr-CA',
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/account/certificates', {
      url: '/api/org/doughmain/account/certificates',
    });
    await call('GET /api/org/{org}/admin/certificates', {
      url: `${admin}/certificates?learner=contract`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/certificates', {
      url: `${admin}/certificates?cursor=!`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/certificates/{certificateId}/revoke', {
      url: `${admin}/certificates/${certificateId}/revoke`,
      payload: { reason: 'Contract test' },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/certificates/{certificateId}/revoke', {
      url: `${admin}/certificates/${certificateId}/revoke`,
      payload: { reason: 'Contract test' },
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/certificates/{certificateId}/revoke', {
      url: `${admin}/certificates/${certificateId}/revoke`,
      payload: { reason: 'Contract test' },
      headers: as,
    });

    // Notices (issue 28): the learner's preferences, and an unsubscribe link read and followed.
    await call('GET /api/org/{org}/account/notifications', {
      url: '/api/org/doughmain/account/notifications',
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/account/notifications', {
      url: '/api/org/doughmain/account/notifications',
    });
    await call('PUT /api/org/{org}/account/notifications', {
      url: '/api/org/doughmain/account/notifications',
      payload: { digest: 'weekly' },
      headers: chief.headers,
    });
    await call('PUT /api/org/{org}/account/notifications', {
      url: '/api/org/doughmain/account/notifications',
      payload: { digest: 'hourly' },
      headers: chief.headers,
    });
    const unsubscribeToken = await t.services.notifications.token(
      doughmain.id,
      chief.userId,
      'digest',
    );
    await call('GET /api/org/{org}/unsubscribe/{token}', {
      url: `/api/org/doughmain/unsubscribe/${unsubscribeToken}`,
    });
    await call('GET /api/org/{org}/unsubscribe/{token}', {
      url: '/api/org/doughmain/unsubscribe/no-dot',
    });
    await call('POST /api/org/{org}/unsubscribe/{token}', {
      url: `/api/org/doughmain/unsubscribe/${unsubscribeToken}`,
    });
    await call('POST /api/org/{org}/unsubscribe/{token}', {
      url: `/api/org/doughmain/unsubscribe/${unsubscribeToken}x`,
    });

    // The console's orders (issue 27): the list, one, a refund and a second refund (409).
    await call('GET /api/org/{org}/admin/orders', {
      url: `${admin}/orders?limit=1`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/orders', {
      url: `${admin}/orders?state=lost`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/orders/{orderId}', {
      url: `${admin}/orders/nope`,
      headers: chief.headers,
    });
    // The payment is fulfilled by the job runner just after Pay answers.
    await waitFor(async () => {
      const res = await call('GET /api/org/{org}/admin/orders/{orderId}', {
        url: `${admin}/orders/${paidId}`,
        headers: chief.headers,
      });
      return res.body.order.status === 'fulfilled' ? true : undefined;
    });
    await call('POST /api/org/{org}/admin/orders/{orderId}/refund', {
      url: `${admin}/orders/${paidId}/refund`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/orders/{orderId}/refund', {
      url: `${admin}/orders/${paidId}/refund`,
      headers: chief.headers,
    });
    await call('POST /api/org/{org}/admin/orders/{orderId}/refund', {
      url: `${admin}/orders/${paidId}/refund`,
      headers: as,
    });

    // A person's data (issue 29): the export, and erasure by the person and by an administrator.
    const leaving = await signup(t.app, 'doughmain', newLearner('leaving'));
    const leavingId = (await t.services.sessions.find(leaving.token, orgId))!.userId;
    await call('GET /api/org/{org}/account/export', {
      url: '/api/org/doughmain/account/export',
      headers: bearer(leaving.token),
    });
    await call('GET /api/org/{org}/admin/people/{accountId}/export', {
      url: `${people}/${leavingId}/export`,
      headers: chief.headers,
    });
    await call('GET /api/org/{org}/admin/people/{accountId}/export', {
      url: `${people}/no-such-person/export`,
      headers: chief.headers,
    });
    await call('DELETE /api/org/{org}/account', {
      url: '/api/org/doughmain/account',
      headers: bearer(leaving.token),
      payload: { password: 'not-the-password' },
    });
    await call('DELETE /api/org/{org}/admin/people/{accountId}', {
      url: `${people}/${leavingId}`,
      headers: chief.headers,
      payload: { password: 'not-the-password' },
    });
    await call('DELETE /api/org/{org}/admin/people/{accountId}', {
      url: `${people}/${leavingId}`,
      headers: chief.headers,
      payload: {},
    });
    const gone = await signup(t.app, 'doughmain', newLearner('gone'));
    await call('DELETE /api/org/{org}/account', {
      url: '/api/org/doughmain/account',
      headers: bearer(gone.token),
      payload: {},
    });

    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.sort()).toEqual(Object.keys(ANSWERS).sort());
    for (const route of routes) {
      const statuses = seen.get(route) ?? [];
      expect(
        statuses.some((s) => s < 300),
        `${route} was called with success: ${statuses.join(',')}`,
      ).toBe(true);
    }
  });
});
