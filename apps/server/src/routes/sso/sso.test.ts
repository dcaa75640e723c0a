import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN_US } from '@portal/domain';
import { exportContentPack } from '../../services/content-pack-service';
import { startTestApp, type TestApp } from '../../test/app';
import { bearer, newLearner, signup } from '../../test/auth-helpers';
import { DATABASE_KINDS } from '../../test/databases';
import { makePack, mustImport } from '../../test/factories';
import { findUserByEmail } from '../../db/repositories/accounts';
import { setStatus } from '../../db/repositories/admin-people';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../../test/oidc';

const SECRET_A = 'sso-secret-of-provider-a-0123456789';
const SECRET_B = 'sso-secret-of-provider-b-9876543210';
/** Requests come to `localhost` (inject's host): the default organisation, doughmain. */
const CALLBACK = 'http://localhost/oauth/callback';

const identities = {
  alice: {
    sub: 'alice-1',
    email: 'alice@corp.example',
    email_verified: true,
    given_name: 'Alice',
    family_name: 'Able',
    preferred_username: 'alice',
  },
  bob: { sub: 'bob-1', email: 'bob@corp.example', email_verified: false, given_name: 'Bob' },
  carol: { sub: 'carol-1', email: 'carol@corp.example', email_verified: true },
  dave: { sub: 'dave-1', email: 'dave@corp.example', email_verified: false },
  erin: { sub: 'erin-1' },
  frank: { sub: 'frank-1', email: 'frank@corp.example', email_verified: true },
  gina: { sub: 'gina-1', email: 'gina@corp.example', email_verified: true },
  // Deactivated in the console once her account exists (issue 27).
  dora: { sub: 'dora-1', email: 'dora@corp.example', email_verified: true },
  hugo: { sub: 'hugo-1', email: 'hugo@corp.example', email_verified: true },
  ivy: { sub: 'ivy-1', email: 'ivy@corp.example', email_verified: true },
  mallory: { sub: 'mallory-1', email: 'mallory@corp.example', email_verified: true },
};

/** A group administrator of the pack whose email the provider's `ivy` identity also has. */
const IVY = { username: 'ivy-admin', email: 'ivy@corp.example', password: 'ivy-admin-pass-1' };

describe.each(DATABASE_KINDS)('single sign-on on %s', (kind) => {
  let t: TestApp;
  let a: TestProvider;
  let b: TestProvider;
  const logs: string[] = [];

  beforeAll(async () => {
    a = await startOidcProvider({
      clients: [
        {
          client_id: 'portal',
          client_secret: SECRET_A,
          redirect_uris: [`${CALLBACK}/sso-staff`, `${CALLBACK}/sso-nosecret`],
        },
        // Another client of the same provider, with the same secret.
        {
          client_id: 'portal-2',
          client_secret: SECRET_A,
          redirect_uris: [`${CALLBACK}/sso-staff`],
        },
      ],
      identities,
    });
    // Provider B takes the client secret in the body only (client_secret_post).
    b = await startOidcProvider({
      clients: [
        {
          client_id: 'portal',
          client_secret: SECRET_B,
          redirect_uris: [`${CALLBACK}/sso-b`, `${CALLBACK}/sso-staff`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      identities,
      authMethods: ['client_secret_post'],
    });
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await startTestApp(
      kind,
      {
        SSO_ALLOW_HTTP: 'true',
        SSO_SECRET_A: SECRET_A,
        SSO_SECRET_B: SECRET_B,
        LOG_LEVEL: 'info',
        // Every test signs in from inject's one address: the sign-in limits are not tested here.
        RATE_LIMIT_SCALE: '10',
      },
      logStream,
    );
    const oauthA = { issuer: a.issuer, clientId: 'portal', clientSecret: 'env:SSO_SECRET_A' };
    await mustImport(
      t.database.db,
      makePack('doughmain', {
        userGroups: [
          { _id: 'insiders', name: 'Insiders', topics: ['secret-topic'] },
          {
            _id: 'sso-staff',
            name: { 'en-US': 'Staff', 'fr-CA': 'Personnel' },
            topics: [],
            oauth: {
              ...oauthA,
              prompt: { 'en-US': 'Staff sign in here.', 'fr-CA': 'Le personnel se connecte ici.' },
            },
          },
          {
            _id: 'sso-b',
            name: 'B people',
            topics: [],
            oauth: { issuer: b.issuer, clientId: 'portal', clientSecret: 'env:SSO_SECRET_B' },
          },
          {
            _id: 'sso-nosecret',
            name: 'No secret',
            topics: [],
            oauth: { ...oauthA, clientSecret: 'env:SSO_SECRET_MISSING' },
          },
        ],
        users: [
          {
            ...IVY,
            name: { first: 'Ivy', last: 'Admin' },
            groups: [{ group: 'insiders', role: 'admin' }],
          },
        ],
      }),
    );
    await mustImport(
      t.database.db,
      makePack('acme', {
        userGroups: [
          { _id: 'insiders', name: 'Insiders', topics: [] },
          { _id: 'acme-sso', name: 'Acme SSO', topics: [], oauth: oauthA },
        ],
        bundles: [],
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await a?.close();
    await b?.close();
  });

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method, url, headers, ...(payload && { payload }) });

  async function start(group: string, query = '', org = 'doughmain') {
    const res = await inject('GET', `/api/org/${org}/login/oauth?groupid=${group}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { authorizationUrl: res.json<{ authorizationUrl: string }>().authorizationUrl, cookie };
  }

  /** The whole flow: start, the provider's pages, then the callback's code. */
  async function callbackOf(group: string, login: string, query = '') {
    const started = await start(group, query);
    const callback = await signInAtProvider(started.authorizationUrl, login);
    return {
      ...started,
      callback,
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
    };
  }

  const complete = (
    body: Record<string, string | boolean>,
    org = 'doughmain',
    headers: Record<string, string> = {},
  ) => inject('POST', `/api/org/${org}/oauth/complete`, body, headers);

  async function signIn(group: string, login: string, query = '') {
    const { code, state, cookie } = await callbackOf(group, login, query);
    const res = await complete({ groupId: group, code, oAuthInviteId: '', state }, 'doughmain', {
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  }

  const account = async (token: string) => {
    const res = await inject(
      'GET',
      '/api/org/doughmain/account/settings',
      undefined,
      bearer(token),
    );
    return { status: res.statusCode, account: res.json().account };
  };

  const countUsers = async () =>
    Number(
      (
        await t.database.db.kysely
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers the group’s prompt, localised; a group without SSO or of another organisation is 404', async () => {
    const en = await inject('GET', '/api/org/doughmain/userGroup/sso-staff/oauthuserprompt');
    expect(en.json()).toEqual({ oAuthUserPrompt: 'Staff sign in here.' });
    const fr = await inject(
      'GET',
      '/api/org/doughmain/userGroup/sso-staff/oauthuserprompt?locale=fr-CA',
    );
    expect(fr.json()).toEqual({ oAuthUserPrompt: 'Le personnel se connecte ici.' });
    const plain = await inject('GET', '/api/org/doughmain/userGroup/sso-b/oauthuserprompt');
    expect(plain.json().oAuthUserPrompt).toContain('B people');
    for (const url of [
      '/api/org/doughmain/userGroup/insiders/oauthuserprompt',
      '/api/org/doughmain/userGroup/nope/oauthuserprompt',
      '/api/org/doughmain/userGroup/acme-sso/oauthuserprompt',
      '/api/org/doughmain/login/oauth?groupid=insiders',
      '/api/org/doughmain/login/oauth?groupid=acme-sso',
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors).toEqual(['This user group has no single sign-on.']);
    }
  });

  it('starts with PKCE (S256), state and nonce, for the organisation’s own address, and a flow cookie', async () => {
    const res = await inject('GET', '/api/org/doughmain/login/oauth?groupid=sso-staff');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().authorizationUrl);
    expect(url.origin).toBe(a.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('portal');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')).toContain('openid');
    expect(q.get('redirect_uri')).toBe(`${CALLBACK}/sso-staff`);
    expect(res.body).not.toContain(SECRET_A);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^portal_sso=[\w-]+; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=600$/);

    // A Host of another organisation, or of none, never makes the redirect address.
    const other = await inject(
      'GET',
      '/api/org/doughmain/login/oauth?groupid=sso-staff',
      undefined,
      {
        host: 'evil.example',
      },
    );
    expect(new URL(other.json().authorizationUrl).searchParams.get('redirect_uri')).toBe(
      'http://doughmain.localhost:3000/oauth/callback/sso-staff',
    );
  });

  it('refuses a group whose secret is not in the environment (503), naming no secret', async () => {
    const res = await inject('GET', '/api/org/doughmain/login/oauth?groupid=sso-nosecret');
    expect(res.statusCode).toBe(503);
  });

  it('makes the account just in time, a member of the group, signed in with a revocable token', async () => {
    const token = await signIn('sso-staff', 'alice');
    const { status, account: view } = await account(token);
    expect(status).toBe(200);
    expect(view.user.id).toEqual({
      email: 'alice@corp.example',
      username: 'alice',
      isOAuthUser: true,
    });
    expect(view.name).toMatchObject({ first: 'Alice', last: 'Able' });
    expect(view.userGroups).toEqual([
      { _id: 'sso-staff', name: 'Staff', isAdmin: false, parentId: null },
    ]);

    // The second sign-in finds the same account.
    const users = await countUsers();
    const again = await signIn('sso-staff', 'alice');
    expect((await account(again)).account.user.id.username).toBe('alice');
    expect(await countUsers()).toBe(users);

    // A password login answers the group to sign in with.
    const login = await inject('POST', '/api/org/doughmain/login', {
      username: 'alice@corp.example',
      password: 'whatever-1',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().oAuthGroupId).toBe('sso-staff');

    // Logout revokes the token like a password token.
    expect(
      (await inject('POST', '/api/org/doughmain/logout', undefined, bearer(token))).statusCode,
    ).toBe(200);
    expect((await account(token)).status).toBe(401);
    expect((await account(again)).status).toBe(200);
  });

  it('refuses an account deactivated in the console (403): its sessions ended, it signs in again once reactivated', async () => {
    const token = await signIn('sso-staff', 'dora');
    expect((await account(token)).status).toBe(200);
    const org = (await t.services.organisations.find('doughmain'))!;
    const dora = await findUserByEmail(t.database.db, org.id, 'dora@corp.example');
    await setStatus(t.database.db, org.id, dora!.id, 'deactivated', new Date().toISOString());
    await t.services.sessions.revokeAllOf(dora!.id);
    expect((await account(token)).status).toBe(401);
    const { code, state, cookie } = await callbackOf('sso-staff', 'dora');
    const refused = await complete(
      { groupId: 'sso-staff', code, oAuthInviteId: '', state },
      'doughmain',
      {
        cookie,
      },
    );
    expect(refused.statusCode, refused.body).toBe(403);
    await setStatus(t.database.db, org.id, dora!.id, 'active', new Date().toISOString());
    expect((await account(await signIn('sso-staff', 'dora'))).status).toBe(200);
  });

  it('works with the spec’s body (no state): the flow cookie names it', async () => {
    const { code, cookie, state } = await callbackOf('sso-staff', 'erin');
    const res = await complete({ groupId: 'sso-staff', code, oAuthInviteId: '' }, 'doughmain', {
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');
    // No email from the provider: the account has none.
    const view = (await account(res.json().token)).account;
    expect(view.user.id.email).toBe('');
    expect(view.user.id.isOAuthUser).toBe(true);
    // Replayed, even with the cookie the answer cleared: the flow was used.
    const replay = await complete(
      { groupId: 'sso-staff', code, oAuthInviteId: '', state },
      'doughmain',
      { cookie },
    );
    expect(replay.json().errors).toEqual([EN_US.loginTokenNotFound]);
  });

  it('refuses a callback without this browser’s flow cookie (login CSRF), signing nobody in', async () => {
    const users = await countUsers();
    // The attacker goes through the provider with their own identity, and stops at the callback.
    const attacker = await callbackOf('sso-staff', 'mallory');
    // The victim's fresh browser opens that callback address: code and state, no cookie.
    for (const body of [
      {
        groupId: 'sso-staff',
        code: attacker.code,
        oAuthInviteId: '',
        state: attacker.state,
      } as Record<string, string>,
      { groupId: 'sso-staff', code: attacker.code, oAuthInviteId: '' },
    ]) {
      const res = await complete(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([EN_US.ssoNoFlowCookie]);
      expect(res.json().token).toBeUndefined();
    }
    // …nor with a cookie of the victim's own flow: that names another flow.
    const victim = await start('sso-staff');
    const mixed = await complete(
      { groupId: 'sso-staff', code: attacker.code, oAuthInviteId: '', state: attacker.state },
      'doughmain',
      { cookie: victim.cookie },
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual([EN_US.ssoOtherBrowser]);
    expect(await countUsers()).toBe(users);
    // The refusal says so in French too.
    const fr = await inject('POST', '/api/org/doughmain/oauth/complete?locale=fr-CA', {
      groupId: 'sso-staff',
      code: attacker.code,
      oAuthInviteId: '',
      state: attacker.state,
    });
    expect(fr.json().errors[0]).toMatch(/navigateur/);
  });

  it('refuses a replayed code, a wrong state, another group, another organisation and another browser, creating nothing', async () => {
    const users = await countUsers();
    // A wrong state with this browser's cookie: refused, and the flow is spent.
    const first = await callbackOf('sso-staff', 'frank');
    const wrong = await complete(
      { groupId: 'sso-staff', code: first.code, oAuthInviteId: '', state: 'not-the-state' },
      'doughmain',
      { cookie: first.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([EN_US.ssoOtherBrowser]);
    const afterWrong = await complete(
      { groupId: 'sso-staff', code: first.code, oAuthInviteId: '', state: first.state },
      'doughmain',
      { cookie: first.cookie },
    );
    expect(afterWrong.json().errors).toEqual([EN_US.loginTokenNotFound]);

    const second = await callbackOf('sso-staff', 'frank');
    const otherGroup = await complete(
      { groupId: 'sso-b', code: second.code, oAuthInviteId: '', state: second.state },
      'doughmain',
      { cookie: second.cookie },
    );
    expect(otherGroup.json().errors).toEqual([EN_US.loginTokenNotFound]);
    // …and the flow is spent: the right group cannot use it any more.
    const spent = await complete(
      { groupId: 'sso-staff', code: second.code, oAuthInviteId: '', state: second.state },
      'doughmain',
      { cookie: second.cookie },
    );
    expect(spent.json().errors).toEqual([EN_US.loginTokenNotFound]);

    // The code of a spent flow with a new flow's state and cookie: the provider refuses (PKCE,
    // used code).
    const third = await start('sso-staff');
    const replayed = await complete(
      {
        groupId: 'sso-staff',
        code: first.code,
        oAuthInviteId: '',
        state: new URL(third.authorizationUrl).searchParams.get('state')!,
      },
      'doughmain',
      { cookie: third.cookie },
    );
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors[0]).toContain(EN_US.ssoRefused);

    // Started in doughmain, finished in acme.
    const fourth = await callbackOf('sso-staff', 'frank');
    const cross = await complete(
      { groupId: 'sso-staff', code: fourth.code, oAuthInviteId: '', state: fourth.state },
      'acme',
      { cookie: fourth.cookie },
    );
    expect(cross.json().errors).toEqual([EN_US.loginTokenNotFound]);

    // The state of one browser's flow with the cookie of another's.
    const mine = await callbackOf('sso-staff', 'frank');
    const theirs = await start('sso-staff');
    const otherBrowser = await complete(
      { groupId: 'sso-staff', code: mine.code, oAuthInviteId: '', state: mine.state },
      'doughmain',
      { cookie: theirs.cookie },
    );
    expect(otherBrowser.json().errors).toEqual([EN_US.ssoOtherBrowser]);
    expect(await countUsers()).toBe(users);
  });

  it('refuses a wrong nonce, another issuer, another client, an expired flow and a provider error', async () => {
    const users = await countUsers();
    const tampered = await callbackOf('sso-staff', 'gina');
    await t.database.db.kysely
      .updateTable('sso_flows')
      .set({ nonce: 'another-nonce' })
      .where('state', '=', tampered.state)
      .execute();
    const nonce = await complete(
      {
        groupId: 'sso-staff',
        code: tampered.code,
        oAuthInviteId: '',
        state: tampered.state,
      },
      'doughmain',
      { cookie: tampered.cookie },
    );
    expect(nonce.statusCode).toBe(400);
    expect(nonce.json().errors).toEqual([EN_US.ssoNotVerified]);

    // The callback says another issuer answered (RFC 9207 mix-up).
    const mixed = await callbackOf('sso-staff', 'gina');
    const issuer = await complete(
      {
        groupId: 'sso-staff',
        code: mixed.code,
        oAuthInviteId: '',
        state: mixed.state,
        iss: b.issuer,
      },
      'doughmain',
      { cookie: mixed.cookie },
    );
    expect(issuer.statusCode).toBe(400);
    expect(issuer.json().errors).toEqual([EN_US.ssoNotVerified]);

    // A code of provider B for a flow of provider A's group: A refuses it.
    const flowA = await start('sso-staff');
    const stateA = new URL(flowA.authorizationUrl).searchParams.get('state')!;
    const atB = await callbackOf('sso-b', 'gina');
    const foreign = await complete(
      {
        groupId: 'sso-staff',
        code: atB.code,
        oAuthInviteId: '',
        state: stateA,
      },
      'doughmain',
      { cookie: flowA.cookie },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toContain(EN_US.ssoRefused);

    // A code issued to this group's client, redeemed once the group names another client.
    const issued = await callbackOf('sso-staff', 'gina');
    const orgId = (await t.organisations.find('doughmain'))!.id;
    const groupRow = () =>
      t.database.db.kysely
        .selectFrom('user_groups')
        .select('data')
        .where('org_id', '=', orgId)
        .where('id', '=', 'sso-staff')
        .executeTakeFirstOrThrow();
    const original = (await groupRow()).data;
    const setData = (data: string) =>
      t.database.db.kysely
        .updateTable('user_groups')
        .set({ data })
        .where('org_id', '=', orgId)
        .where('id', '=', 'sso-staff')
        .execute();
    const otherClient = original.replace('"clientId":"portal"', '"clientId":"portal-2"');
    expect(otherClient).not.toBe(original);
    await setData(otherClient);
    try {
      const client = await complete(
        {
          groupId: 'sso-staff',
          code: issued.code,
          oAuthInviteId: '',
          state: issued.state,
        },
        'doughmain',
        { cookie: issued.cookie },
      );
      expect(client.statusCode).toBe(400);
      expect(client.json().errors[0]).toContain(EN_US.ssoRefused);
    } finally {
      await setData(original);
    }

    const late = await callbackOf('sso-staff', 'gina');
    await t.database.db.kysely
      .updateTable('sso_flows')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('state', '=', late.state)
      .execute();
    const expired = await complete(
      {
        groupId: 'sso-staff',
        code: late.code,
        oAuthInviteId: '',
        state: late.state,
      },
      'doughmain',
      { cookie: late.cookie },
    );
    expect(expired.json().errors).toEqual([EN_US.ssoExpired]);

    const bogus = await start('sso-staff');
    const refused = await complete(
      {
        groupId: 'sso-staff',
        code: 'not-a-code',
        oAuthInviteId: '',
        state: new URL(bogus.authorizationUrl).searchParams.get('state')!,
      },
      'doughmain',
      { cookie: bogus.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toContain(EN_US.ssoRefused);

    // The learner cancels at the provider: the callback carries the provider's error.
    const aborted = await start('sso-staff');
    const back = await signInAtProvider(aborted.authorizationUrl, 'gina', { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await countUsers()).toBe(users);
  });

  it('authenticates at a provider that takes client_secret_post', async () => {
    const token = await signIn('sso-b', 'hugo');
    expect((await account(token)).account.userGroups.map((g: { _id: string }) => g._id)).toEqual([
      'sso-b',
    ]);
  });

  it('keeps an unverified email off the account', async () => {
    const token = await signIn('sso-staff', 'bob');
    expect((await account(token)).account.user.id).toMatchObject({ email: '', isOAuthUser: true });
  });

  it('never takes over a password account of the same email (an administrator’s): sessions and password kept', async () => {
    const login = () =>
      inject('POST', '/api/org/doughmain/login', {
        username: IVY.username,
        password: IVY.password,
      });
    const signedIn = await login();
    expect(signedIn.statusCode).toBe(200);
    const old = signedIn.json<{ token: string }>().token;
    const users = await countUsers();

    const { code, state, cookie } = await callbackOf('sso-staff', 'ivy');
    const res = await complete(
      { groupId: 'sso-staff', code, oAuthInviteId: '', state },
      'doughmain',
      {
        cookie,
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([EN_US.ssoLinkRequired]);
    expect(res.json().errfor).toEqual({ link: 'sso-staff' });
    expect(res.json().token).toBeUndefined();
    // The owner reads how to link, in French too.
    const again = await callbackOf('sso-staff', 'ivy');
    const fr = await complete(
      { groupId: 'sso-staff', code: again.code, oAuthInviteId: '', state: again.state },
      'doughmain',
      { cookie: again.cookie, 'accept-language': 'fr-CA' },
    );
    expect(fr.statusCode).toBe(409);
    expect(fr.json().errors[0]).toMatch(/mot de passe/);

    // Nothing about the account changed: its session works, its password signs in, no SSO.
    const view = await account(old);
    expect(view.status).toBe(200);
    expect(view.account.user.id).toMatchObject({ email: IVY.email, isOAuthUser: false });
    expect(view.account.userGroups.map((g: { _id: string; isAdmin: boolean }) => g)).toEqual([
      expect.objectContaining({ _id: 'insiders', isAdmin: true }),
    ]);
    expect((await login()).statusCode).toBe(200);
    expect(await countUsers()).toBe(users);
  });

  it('links the identity to a password account signed in in the same browser, after which single sign-on signs in to it', async () => {
    const learner = { ...newLearner('carol'), email: 'carol@corp.example' };
    const { token: session } = await signup(t.app, 'doughmain', learner);
    const users = await countUsers();

    // Linking needs the account's session: without it, nothing is linked.
    const anonymous = await callbackOf('sso-staff', 'carol');
    const noSession = await complete(
      {
        groupId: 'sso-staff',
        code: anonymous.code,
        oAuthInviteId: '',
        state: anonymous.state,
        link: true,
      },
      'doughmain',
      { cookie: anonymous.cookie },
    );
    expect(noSession.statusCode).toBe(401);
    // …and the cookie of this browser's flow too.
    const noCookie = await callbackOf('sso-staff', 'carol');
    const refused = await complete(
      {
        groupId: 'sso-staff',
        code: noCookie.code,
        oAuthInviteId: '',
        state: noCookie.state,
        link: true,
      },
      'doughmain',
      bearer(session),
    );
    expect(refused.json().errors).toEqual([EN_US.ssoNoFlowCookie]);
    expect((await account(session)).account.user.id.isOAuthUser).toBe(false);

    const flow = await callbackOf('sso-staff', 'carol');
    const linked = await complete(
      { groupId: 'sso-staff', code: flow.code, oAuthInviteId: '', state: flow.state, link: true },
      'doughmain',
      { cookie: flow.cookie, ...bearer(session) },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const token = linked.json<{ token: string }>().token;
    const view = (await account(token)).account;
    expect(view.user.id).toEqual({
      email: 'carol@corp.example',
      username: learner.username,
      isOAuthUser: true,
    });
    expect(view.userGroups.map((g: { _id: string }) => g._id)).toContain('sso-staff');
    expect(await countUsers()).toBe(users);
    // The account now signs in with single sign-on only (docs/decisions.md): the password
    // answers the group to sign in with, and the sessions the password made are ended.
    expect((await account(session)).status).toBe(401);
    const password = await inject('POST', '/api/org/doughmain/login', {
      username: learner.username,
      password: learner.password,
    });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ oAuthGroupId: 'sso-staff' });
    // Single sign-on, without linking, now signs in to the same account.
    const again = await signIn('sso-staff', 'carol');
    expect((await account(again)).account.user.id.username).toBe(learner.username);

    // An identity linked to one account cannot be linked to another.
    const other = await signup(t.app, 'doughmain', newLearner('other'));
    const steal = await callbackOf('sso-staff', 'carol');
    const stolen = await complete(
      {
        groupId: 'sso-staff',
        code: steal.code,
        oAuthInviteId: '',
        state: steal.state,
        link: true,
      },
      'doughmain',
      { cookie: steal.cookie, ...bearer(other.token) },
    );
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().errors).toEqual([EN_US.ssoLinkedElsewhere]);
    expect((await account(other.token)).account.user.id.isOAuthUser).toBe(false);
  });

  it('refuses (409) an unverified email that a password account has, which keeps its password', async () => {
    const learner = { ...newLearner('dave'), email: 'dave@corp.example' };
    await signup(t.app, 'doughmain', learner);
    const users = await countUsers();
    const { code, state, cookie } = await callbackOf('sso-staff', 'dave');
    const res = await complete(
      { groupId: 'sso-staff', code, oAuthInviteId: '', state },
      'doughmain',
      {
        cookie,
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([EN_US.ssoLinkRequired]);
    expect(await countUsers()).toBe(users);
    const login = await inject('POST', '/api/org/doughmain/login', {
      username: learner.username,
      password: learner.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('honours an invitation passed along, and refuses a used one creating nothing', async () => {
    const orgId = (await t.organisations.find('doughmain'))!.id;
    await t.database.db.kysely
      .insertInto('invites')
      .values({
        id: 'sso-seat-1',
        org_id: orgId,
        group_id: 'insiders',
        email_key: null,
        created_at: new Date().toISOString(),
        used_by: null,
        used_at: null,
      })
      .execute();
    // Given when starting (the /sso?inviteId of the web app)…
    const users = await countUsers();
    const token = await signIn('sso-staff', 'frank', '&inviteId=sso-seat-1');
    const groups = (await account(token)).account.userGroups.map((g: { _id: string }) => g._id);
    expect(groups.sort()).toEqual(['insiders', 'sso-staff']);
    expect(await countUsers()).toBe(users + 1);
    const seat = await t.database.db.kysely
      .selectFrom('invites')
      .select('used_at')
      .where('id', '=', 'sso-seat-1')
      .executeTakeFirstOrThrow();
    expect(seat.used_at).toBeTruthy();

    // …or in the body (oAuthInviteId): a used invitation is refused, nothing is created.
    const { code, state, cookie } = await callbackOf('sso-staff', 'gina');
    const res = await complete(
      { groupId: 'sso-staff', code, oAuthInviteId: 'sso-seat-1', state },
      'doughmain',
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([EN_US.inviteInvalid]);
    expect(await countUsers()).toBe(users + 1);
  });

  it('never lets a client secret reach an answer, an export or a log', async () => {
    const answers = [
      await inject('GET', '/api/org/doughmain'),
      await inject('GET', '/api/org/doughmain/userGroup/sso-staff/oauthuserprompt'),
      await inject('GET', '/api/org/doughmain/login/oauth?groupid=sso-staff'),
      await inject('GET', '/api/org/doughmain/login/oauth?groupid=sso-nosecret'),
    ];
    for (const res of answers) {
      expect(res.body).not.toContain(SECRET_A);
      expect(res.body).not.toContain('env:SSO');
    }
    const pack = JSON.stringify(await exportContentPack(t.database.db, 'doughmain'));
    expect(pack).toContain('env:SSO_SECRET_A');
    expect(pack).not.toContain(SECRET_A);
    expect(pack).not.toContain(SECRET_B);
    const log = logs.join('');
    expect(log).toContain('single sign-on');
    expect(log).not.toContain(SECRET_A);
    expect(log).not.toContain(SECRET_B);
  });

  describe('on an https site', () => {
    let https: TestApp;
    beforeAll(async () => {
      https = await startTestApp(kind, {
        SSO_ALLOW_HTTP: 'true',
        SSO_SECRET_A: SECRET_A,
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_ORIGIN: 'https://portal.example.com',
      });
      await mustImport(
        https.database.db,
        makePack('doughmain', {
          userGroups: [
            { _id: 'insiders', name: 'Insiders', topics: [] },
            {
              _id: 'sso-staff',
              name: 'Staff',
              topics: [],
              oauth: { issuer: a.issuer, clientId: 'portal', clientSecret: 'env:SSO_SECRET_A' },
            },
          ],
        }),
      );
    }, 60_000);
    afterAll(async () => {
      await https?.close();
    });

    it('gives the flow cookie Secure, set and cleared, behind the proxy or by the public origin', async () => {
      const viaProxy = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } };
      for (const how of [viaProxy, { headers: {} }]) {
        const started = await https.app.inject({
          url: '/api/org/doughmain/login/oauth?groupid=sso-staff',
          ...how,
        });
        expect(started.statusCode, started.body).toBe(200);
        const cookie = String(started.headers['set-cookie']);
        expect(cookie, JSON.stringify(how)).toMatch(
          /^portal_sso=[\w-]+; .*HttpOnly; SameSite=Lax; Max-Age=600; Secure$/,
        );
        expect(
          new URL(started.json<{ authorizationUrl: string }>().authorizationUrl).searchParams.get(
            'redirect_uri',
          ),
        ).toMatch(/^https:/);
        const completed = await https.app.inject({
          method: 'POST',
          url: '/api/org/doughmain/oauth/complete',
          ...how,
          headers: { ...how.headers, cookie: cookie.split(';')[0]! },
          payload: { groupId: 'sso-staff', code: 'not-a-code', oAuthInviteId: '' },
        });
        expect(completed.statusCode).toBe(400);
        expect(String(completed.headers['set-cookie'])).toMatch(/Max-Age=0; Secure$/);
      }
    });
  });
});
