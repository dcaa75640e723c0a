import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createOidcProvider,
  type OidcClientRegistration,
  type OidcIdentity,
} from '../adapters/sso/dev-provider';

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

/** A real OpenID provider (oidc-provider) on a loopback port, for one test file. */
export async function startOidcProvider(options: {
  clients: OidcClientRegistration[];
  identities: Record<string, OidcIdentity>;
  authMethods?: ('client_secret_basic' | 'client_secret_post')[];
}): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = await createOidcProvider({ issuer, ...options });
  server.on('request', (req, res) => provider.handle(req, res));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's pages as a browser would, from the portal's authorization URL:
 * follows redirects by hand with a cookie jar, fills the login form (`login`, any password) and
 * accepts the consent, until the provider sends the browser to the portal's callback. Answers
 * that callback URL (`…/oauth/callback/{group}?code=…&state=…&iss=…`).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  options: { abort?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body && { body }),
    });
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(set)) jar.delete(name);
      else jar.set(name, value);
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.pathname.includes('/oauth/callback/')) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action)
      throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 400)}`);
    if (options.abort) {
      url = new URL(`${action.replace(/&amp;/g, '&')}/abort`, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt },
    ).toString();
  }
  throw new Error('the provider never sent the browser back');
}
