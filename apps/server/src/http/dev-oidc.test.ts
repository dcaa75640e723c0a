import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_OIDC } from '../adapters/sso/dev-provider';
import { loadConfig } from '../config';
import { startTestApp, type TestApp } from '../test/app';
import { bearer } from '../test/auth-helpers';
import { makePack, mustImport } from '../test/factories';
import { signInAtProvider } from '../test/oidc';

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the development OpenID provider', () => {
  it('is off by default and refused in production', async () => {
    expect(loadConfig({}).devOidc).toBe(false);
    expect(loadConfig({ DEV_OIDC: 'on' }).devOidc).toBe(true);
    expect(() => loadConfig({ DEV_OIDC: 'on', NODE_ENV: 'production' })).toThrow(/DEV_OIDC/);
    // The demo group's secret variable has a built-in value only with the provider on.
    expect(loadConfig({}).secretFromEnv('DEV_OIDC_CLIENT_SECRET')).toBeUndefined();
    expect(loadConfig({ DEV_OIDC: 'on' }).secretFromEnv('DEV_OIDC_CLIENT_SECRET')).toBeTruthy();
  });

  it('is not mounted when off', async () => {
    const t = await startTestApp('sqlite');
    try {
      const res = await t.app.inject({ url: '/dev-oidc/.well-known/openid-configuration' });
      expect(res.headers['content-type'] ?? '').not.toContain('application/json');
    } finally {
      await t.close();
    }
  });

  describe('mounted (DEV_OIDC=on)', () => {
    let t: TestApp;
    let origin: string;

    beforeAll(async () => {
      const port = await freePort();
      origin = `http://localhost:${port}`;
      t = await startTestApp('sqlite', { DEV_OIDC: 'on', PORT: String(port) });
      await mustImport(
        t.database.db,
        makePack('doughmain', {
          userGroups: [
            {
              _id: DEV_OIDC.groupId,
              name: 'Demo SSO',
              topics: [],
              oauth: {
                issuer: `${origin}${DEV_OIDC.path}`,
                clientId: DEV_OIDC.clientId,
                clientSecret: 'env:DEV_OIDC_CLIENT_SECRET',
              },
            },
          ],
          bundles: [],
          users: [],
        }),
      );
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves discovery at /dev-oidc and signs the demo identity in to the demo group', async () => {
      const discovery = await fetch(`${origin}${DEV_OIDC.path}/.well-known/openid-configuration`);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(
        `${origin}${DEV_OIDC.path}`,
      );
      expect(await demoSignIn(origin)).toEqual({
        email: DEV_OIDC.identity.email,
        username: DEV_OIDC.identity.preferred_username,
        isOAuthUser: true,
      });
    });
  });

  describe('with the demo pack, on a port other than 3000 (PORT=3201 npm start)', () => {
    let t: TestApp;
    let origin: string;

    beforeAll(async () => {
      let port = await freePort();
      if (port === 3000) port = await freePort();
      origin = `http://localhost:${port}`;
      t = await startTestApp('sqlite', { DEV_OIDC: 'on', PORT: String(port) });
      // The demo pack as it ships: its SSO group's issuer is http://localhost:3000/dev-oidc.
      const pack = JSON.parse(
        fs.readFileSync(path.join(t.config.contentDir, 'doughmain.json'), 'utf8'),
      ) as { userGroups: { _id: string; oauth?: { issuer: string } }[] };
      const group = pack.userGroups.find((g) => g._id === DEV_OIDC.groupId);
      expect(group?.oauth?.issuer).toBe('http://localhost:3000/dev-oidc');
      await mustImport(t.database.db, pack);
      await t.app.listen({ port, host: '127.0.0.1' });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('signs the demo identity in through the provider this server mounts', async () => {
      expect(await demoSignIn(origin)).toEqual({
        email: DEV_OIDC.identity.email,
        username: DEV_OIDC.identity.preferred_username,
        isOAuthUser: true,
      });
      // Again: the identity is known (kept under the pack's issuer), the same account.
      expect((await demoSignIn(origin)).username).toBe(DEV_OIDC.identity.preferred_username);
    });

    it('still refuses an issuer of the pack that is not the demo provider’s', async () => {
      const orgId = (await t.organisations.find('doughmain'))!.id;
      const row = await t.database.db.kysely
        .selectFrom('user_groups')
        .select('data')
        .where('org_id', '=', orgId)
        .where('id', '=', DEV_OIDC.groupId)
        .executeTakeFirstOrThrow();
      const original = row.data;
      const setData = (data: string) =>
        t.database.db.kysely
          .updateTable('user_groups')
          .set({ data })
          .where('org_id', '=', orgId)
          .where('id', '=', DEV_OIDC.groupId)
          .execute();
      await setData(
        original.replace('http://localhost:3000/dev-oidc', 'http://localhost:3000/other'),
      );
      try {
        const started = await fetch(
          `${origin}/api/org/doughmain/login/oauth?groupid=${DEV_OIDC.groupId}`,
        );
        expect(started.status).toBe(503);
      } finally {
        await setData(original);
      }
    });
  });
});

/** The demo SSO sign-in over real HTTP, as a browser: start, the provider's pages, complete. */
async function demoSignIn(
  origin: string,
): Promise<{ email: string; username: string; isOAuthUser: boolean }> {
  const started = await fetch(
    `${origin}/api/org/doughmain/login/oauth?groupid=${DEV_OIDC.groupId}`,
  );
  expect(started.status).toBe(200);
  const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  expect(authorizationUrl.startsWith(`${origin}${DEV_OIDC.path}/`)).toBe(true);
  const callback = await signInAtProvider(authorizationUrl, DEV_OIDC.login);
  expect(callback.origin).toBe(origin);
  const completed = await fetch(`${origin}/api/org/doughmain/oauth/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      groupId: DEV_OIDC.groupId,
      code: callback.searchParams.get('code'),
      oAuthInviteId: '',
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss'),
    }),
  });
  expect(completed.status, await completed.clone().text()).toBe(200);
  const { token } = (await completed.json()) as { token: string };
  const account = await fetch(`${origin}/api/org/doughmain/account/settings`, {
    headers: bearer(token),
  });
  return (
    (await account.json()) as {
      account: { user: { id: { email: string; username: string; isOAuthUser: boolean } } };
    }
  ).account.user.id;
}
