import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
      const started = await fetch(
        `${origin}/api/org/doughmain/login/oauth?groupid=${DEV_OIDC.groupId}`,
      );
      const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
      const callback = await signInAtProvider(authorizationUrl, DEV_OIDC.login);
      expect(callback.origin).toBe(origin);
      const completed = await fetch(`${origin}/api/org/doughmain/oauth/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          groupId: DEV_OIDC.groupId,
          code: callback.searchParams.get('code'),
          oAuthInviteId: '',
          state: callback.searchParams.get('state'),
        }),
      });
      expect(completed.status).toBe(200);
      const { token } = (await completed.json()) as { token: string };
      const account = await fetch(`${origin}/api/org/doughmain/account/settings`, {
        headers: bearer(token),
      });
      expect(
        ((await account.json()) as { account: { user: { id: unknown } } }).account.user.id,
      ).toEqual({
        email: DEV_OIDC.identity.email,
        username: DEV_OIDC.identity.preferred_username,
        isOAuthUser: true,
      });
    });
  });
});
