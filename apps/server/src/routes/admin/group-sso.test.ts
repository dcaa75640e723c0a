import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../adapters/sso/connection-test';
import { startTestApp, type TestApp } from '../../test/app';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc';
import { accountWithRoles } from '../../test/studio';

/**
 * A user group's single sign-on in the console (docs/design.md §15) on a real app, database and
 * OpenID provider: set through the console, a learner signs in with it; the secret is
 * write-only (never answered, never audited), never one of the server's variables, and kept only
 * for the issuer it was given for; "test the connection" says what is wrong with a provider, and
 * never reaches a private address unless the operator allows it.
 */

const ORG = 'ssoconsole';
const RIVAL = 'ssorival';
const SECRET = 'console-secret-value-42';
/** The portal's callback at the organisation's own host (a pack's alias.localhost in tests). */
const CALLBACK = `http://${ORG}.localhost:3000/oauth/callback`;
type Account = Awaited<ReturnType<typeof accountWithRoles>>;

/** A local server answering wrong things for the connection test, by path. */
async function wrongServer() {
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = req.url ?? '';
    const json = (value: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
    };
    if (url.startsWith('/html/')) return res.end('<html>not json</html>');
    if (url.startsWith('/other/')) return json({ issuer: 'https://elsewhere.example' });
    if (url.startsWith('/partial/')) return json({ issuer: `${base}/partial` });
    if (url.startsWith('/nokeys/'))
      return json({
        issuer: `${base}/nokeys`,
        authorization_endpoint: `${base}/auth`,
        token_endpoint: `${base}/token`,
        jwks_uri: 'http://127.0.0.1:1/jwks',
      });
    if (url.startsWith('/huge/')) return res.end('x'.repeat(300 * 1024));
    if (url.startsWith('/slow/')) return; // never answers
    if (url.startsWith('/away/')) {
      res.statusCode = 302;
      res.setHeader('location', 'http://example.invalid/.well-known/openid-configuration');
      return res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(DATABASE_KINDS)('a group’s single sign-on in the console on %s', (kind) => {
  let t: TestApp;
  let provider: TestProvider;
  let wrong: Awaited<ReturnType<typeof wrongServer>>;
  let admin: Account;
  let author: Account;
  let rivalAdmin: Account;

  const call = (
    method: InjectOptions['method'],
    path: string,
    payload?: object,
    who: Account | null = admin,
    org = ORG,
  ) =>
    t.app.inject({
      method,
      url: `/api/org/${org}/admin/group${path}`,
      headers: { ...(who?.headers ?? {}), 'accept-language': 'en-US' },
      ...(payload && { payload }),
    });
  const ok = async (method: InjectOptions['method'], path: string, payload?: object) => {
    const res = await call(method, path, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SECRET);
    return res.json();
  };
  const storedOAuth = async (org = ORG, group = 'staff') => {
    const row = await t.database.db.kysely
      .selectFrom('user_groups')
      .innerJoin('organisations', 'organisations.id', 'user_groups.org_id')
      .select('user_groups.data')
      .where('organisations.alias', '=', org)
      .where('user_groups.id', '=', group)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.data).oauth as Record<string, unknown> | undefined;
  };
  const sso = (over: Record<string, unknown> = {}) => ({
    sso: { issuer: provider.issuer, clientId: 'portal', clientSecret: SECRET, ...over },
  });

  beforeAll(async () => {
    provider = await startOidcProvider({
      clients: [
        { client_id: 'portal', client_secret: SECRET, redirect_uris: [`${CALLBACK}/staff`] },
      ],
      identities: {
        sam: {
          sub: 'sam-1',
          email: 'sam@corp.example',
          email_verified: true,
          given_name: 'Sam',
          family_name: 'Lee',
          preferred_username: 'sam',
        },
      },
    });
    wrong = await wrongServer();
    t = await startTestApp(kind, {
      SSO_ALLOW_HTTP: 'true',
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      RATE_LIMIT_SCALE: '10',
    });
    const groups = {
      userGroups: [
        { _id: 'insiders', name: 'Insiders', topics: [] },
        { _id: 'staff', name: 'Staff', topics: [] },
      ],
    };
    await mustImport(t.database.db, makePack(ORG, groups));
    await mustImport(
      t.database.db,
      makePack(RIVAL, {
        userGroups: [
          { _id: 'insiders', name: 'Insiders', topics: [] },
          {
            _id: 'staff',
            name: 'Staff',
            topics: [],
            oauth: { issuer: 'https://idp.rival.example', clientId: 'rival', clientSecret: 'r' },
          },
        ],
      }),
    );
    admin = await accountWithRoles(t, ORG, ['admin'], 'ssoboss');
    author = await accountWithRoles(t, ORG, ['author'], 'ssowriter');
    rivalAdmin = await accountWithRoles(t, RIVAL, ['admin'], 'ssorivalboss');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await wrong?.close();
  });

  it('sets single sign-on that a learner then signs in with; the answer has no secret', async () => {
    const set = await ok(
      'PUT',
      '/staff/sso',
      sso({ prompt: { 'en-US': 'Staff', 'fr-CA': 'Personnel' } }),
    );
    expect(set.group.sso).toEqual({
      issuer: provider.issuer,
      clientId: 'portal',
      secretSet: true,
      prompt: { 'en-US': 'Staff', 'fr-CA': 'Personnel' },
    });
    const started = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/login/oauth?groupid=staff`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const callback = await signInAtProvider(started.json().authorizationUrl, 'sam');
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/org/${ORG}/oauth/complete`,
      headers: { cookie },
      payload: {
        groupId: 'staff',
        code: callback.searchParams.get('code')!,
        state: callback.searchParams.get('state')!,
        oAuthInviteId: '',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().token).toEqual(expect.any(String));
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/groups`,
      headers: admin.headers,
    });
    expect(listed.body).not.toContain(SECRET);
  });

  it('keeps the secret write-only and for its issuer only; refuses the server’s variables; audits without it', async () => {
    await ok('PUT', '/staff/sso', sso());
    // Left out, the secret stays for the same issuer.
    await ok('PUT', '/staff/sso', { sso: { issuer: provider.issuer, clientId: 'portal' } });
    expect((await storedOAuth())?.clientSecret).toBe(SECRET);
    // Another issuer would receive it at the next sign-in: it must be given again.
    const moved = await call('PUT', '/staff/sso', {
      sso: { issuer: `${wrong.base}/other`, clientId: 'portal' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errfor.clientSecret).toMatch(/given for another issuer/);
    expect((await storedOAuth())?.issuer).toBe(provider.issuer);
    // An operator's variable is never the console's to name.
    const env = await call('PUT', '/staff/sso', sso({ clientSecret: 'env:DATABASE_URL' }));
    expect(env.statusCode).toBe(400);
    expect(env.json().errfor.clientSecret).toMatch(/environment/);
    expect((await storedOAuth())?.clientSecret).toBe(SECRET);
    // null clears the secret; sso: null clears the sign-on.
    expect((await ok('PUT', '/staff/sso', sso({ clientSecret: null }))).group.sso.secretSet).toBe(
      false,
    );
    expect((await ok('PUT', '/staff/sso', { sso: null })).group.sso).toBeNull();
    expect(await storedOAuth()).toBeUndefined();
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?action=group.sso`,
      headers: admin.headers,
    });
    expect(audit.body).not.toContain(SECRET);
    const events = audit.json().events as { before: unknown; after: unknown }[];
    expect(events[0]).toMatchObject({ after: null, before: { secretSet: false } });
    expect(events[1]).toMatchObject({ before: { secretSet: true }, after: { secretSet: false } });
    // A secret replaced by another says so, without either.
    await ok('PUT', '/staff/sso', sso());
    await ok('PUT', '/staff/sso', sso({ clientSecret: `${SECRET}-2` }));
    const replaced = await t.app.inject({
      method: 'GET',
      url: `/api/org/${ORG}/admin/audit?action=group.sso&limit=1`,
      headers: admin.headers,
    });
    expect(replaced.body).not.toContain(SECRET);
    expect(replaced.json().events[0].after).toMatchObject({
      secretSet: true,
      secretReplaced: true,
    });
  });

  it('tests the connection: OK against a real provider, and says what is wrong otherwise', async () => {
    const test = async (issuer?: string) => {
      const res = await call('POST', '/staff/sso/test', issuer ? { issuer } : {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        ok: boolean;
        problem: string | null;
        detail: string;
        endpoints: Record<string, string> | null;
      };
    };
    const good = await test(provider.issuer);
    expect(good).toMatchObject({ ok: true, problem: null });
    expect(good.endpoints).toEqual({
      authorization: expect.stringContaining(provider.issuer),
      token: expect.stringContaining(provider.issuer),
      jwks: expect.stringContaining(provider.issuer),
    });
    expect(await test('http://127.0.0.1:1')).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(await test('http://no-such-host.invalid')).toMatchObject({ problem: 'unreachable' });
    expect(await test(`${wrong.base}/html`)).toMatchObject({ problem: 'notJson' });
    expect(await test(`${wrong.base}/other`)).toMatchObject({ problem: 'issuerMismatch' });
    const partial = await test(`${wrong.base}/partial`);
    expect(partial).toMatchObject({ problem: 'missingEndpoints' });
    expect(partial.detail).toContain('authorization_endpoint');
    expect(await test(`${wrong.base}/nokeys`)).toMatchObject({ problem: 'jwksUnreachable' });
    expect(await test(`${wrong.base}/away`)).toMatchObject({ problem: 'redirected' });
    expect(await test(`${wrong.base}/missing`)).toMatchObject({ problem: 'httpError' });
    expect(await test(`${wrong.base}/huge`)).toMatchObject({ problem: 'tooLarge' });
    // Without an issuer given, the group's own (none set: said clearly).
    const none = await call('POST', '/insiders/sso/test', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatch(/issuer’s address first/);
  });

  it('refuses bad input (400), another organisation’s group (404) and anyone but administrators (403)', async () => {
    for (const body of [
      { sso: { issuer: 'not a url', clientId: 'x' } },
      { sso: { issuer: provider.issuer, clientId: '' } },
      { sso: { issuer: provider.issuer, clientId: 'x', extra: 1 } },
      {},
    ]) {
      const res = await call('PUT', '/staff/sso', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toEqual(expect.any(String));
    }
    expect((await call('POST', '/staff/sso/test', { issuer: 'ftp://x' })).json().problem).toBe(
      'insecure',
    );
    expect((await call('POST', '/staff/sso/test', { issuer: 'nope' })).statusCode).toBe(400);
    // The rival's group of the same id is another group: 404 from here, and it is not changed.
    const rivalBefore = await storedOAuth(RIVAL);
    expect((await call('PUT', '/nosuch/sso', sso())).statusCode).toBe(404);
    const oursBefore = await storedOAuth();
    // The rival's administrator is nobody here (401), and our administrator's changes stay ours.
    expect((await call('PUT', '/staff/sso', sso(), rivalAdmin)).statusCode).toBe(401);
    expect(
      (await call('PUT', '/staff/sso', sso({ clientId: 'mine' }), admin, RIVAL)).statusCode,
    ).toBe(401);
    expect(await storedOAuth(RIVAL)).toEqual(rivalBefore);
    expect(await storedOAuth()).toEqual(oursBefore);
    expect((await call('PUT', '/staff/sso', sso(), author)).statusCode).toBe(403);
    expect((await call('POST', '/staff/sso/test', {}, author)).statusCode).toBe(403);
    expect((await call('PUT', '/staff/sso', sso(), null)).statusCode).toBe(401);
    expect((await call('POST', '/staff/sso/test', {}, null)).statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)(
  'the console’s single sign-on on a server that keeps its network private, on %s',
  (kind) => {
    let t: TestApp;
    let admin: Account;

    beforeAll(async () => {
      t = await startTestApp(kind);
      await mustImport(t.database.db, makePack(ORG));
      admin = await accountWithRoles(t, ORG, ['admin'], 'netboss');
    });
    afterAll(() => t?.close());

    const send = (path: string, payload: object) =>
      t.app.inject({
        method: path.endsWith('/test') ? 'POST' : 'PUT',
        url: `/api/org/${ORG}/admin/group/insiders${path}`,
        headers: { ...admin.headers, 'accept-language': 'en-US' },
        payload,
      });

    it('refuses an issuer at a private address or over http, and never connects to one to test it', async () => {
      for (const issuer of [
        'https://127.0.0.1:8443',
        'https://10.1.2.3',
        'https://169.254.169.254',
        'https://[::1]:8443',
        'https://localhost:8443',
      ]) {
        const saved = await send('/sso', { sso: { issuer, clientId: 'x', clientSecret: 'y' } });
        expect(saved.statusCode, issuer).toBe(400);
        expect(saved.json().errfor.issuer, issuer).toMatch(/private to this server’s network/);
        const tested = await send('/sso/test', { issuer });
        expect(tested.json(), issuer).toMatchObject({ ok: false, problem: 'privateAddress' });
      }
      const http = await send('/sso', {
        sso: { issuer: 'http://idp.example.com', clientId: 'x', clientSecret: 'y' },
      });
      expect(http.statusCode).toBe(400);
      expect(http.json().errfor.issuer).toMatch(/https/);
      expect((await send('/sso/test', { issuer: 'http://idp.example.com' })).json()).toMatchObject({
        problem: 'insecure',
      });
    });

    it('knows the private ranges, IPv4-mapped IPv6 addresses too', () => {
      for (const address of [
        '127.0.0.1',
        '10.0.0.1',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '::1',
        'fd00::1',
        'fe80::1',
        '::ffff:127.0.0.1',
        '::ffff:10.0.0.1',
      ])
        expect(isPrivateAddress(address), address).toBe(true);
      for (const address of [
        '8.8.8.8',
        '172.32.0.1',
        '1.1.1.1',
        '2606:4700::1111',
        '::ffff:8.8.8.8',
      ])
        expect(isPrivateAddress(address), address).toBe(false);
    });
  },
);
