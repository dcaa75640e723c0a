import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A real OpenID provider (oidc-provider) for development and tests: discovery, login form,
 * consent, tokens, JWKS. Its login and consent pages are oidc-provider's development
 * interactions: any password is accepted for a known login. Never used in production: the
 * portal mounts it only with DEV_OIDC=on, which configuration refuses when NODE_ENV=production.
 */

/** One identity of the provider, by its login; what the ID token and userinfo tell. */
export interface OidcIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
}

export interface OidcClientRegistration {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post';
}

export interface OidcProviderOptions {
  issuer: string;
  clients: OidcClientRegistration[];
  /** The identities by login. */
  identities: Record<string, OidcIdentity>;
  /** Advertised token endpoint auth methods (default: basic and post). */
  authMethods?: ('client_secret_basic' | 'client_secret_post')[];
}

export interface OidcProvider {
  issuer: string;
  /** The provider's Node request handler; `url` below its mount path, `originalUrl` the full one. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** The development provider of the demo organisation (README, "Single sign-on"). */
export const DEV_OIDC = {
  path: '/dev-oidc',
  clientId: 'doughmain-portal',
  /** The demo pack's SSO group (content/doughmain.json). */
  groupId: 'doughmain-sso',
  login: 'sso.learner',
  identity: {
    sub: 'dev-sso-learner',
    email: 'sso.learner@doughmain.example',
    email_verified: true,
    given_name: 'Sam',
    family_name: 'Single',
    preferred_username: 'sso.learner',
  } satisfies OidcIdentity,
  /**
   * A second identity, to try linking (design §11): sign up with its email and a password
   * first; its single sign-on is then refused until the account links it.
   */
  ownerLogin: 'sso.owner',
  ownerIdentity: {
    sub: 'dev-sso-owner',
    email: 'sso.owner@doughmain.example',
    email_verified: true,
    given_name: 'Olive',
    family_name: 'Owner',
    preferred_username: 'sso.owner',
  } satisfies OidcIdentity,
} as const;

export async function createOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const { default: Provider } = await import('oidc-provider');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'dev' };
  const provider = new Provider(options.issuer, {
    clients: options.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: c.token_endpoint_auth_method ?? 'client_secret_basic',
    })),
    clientAuthMethods: options.authMethods ?? ['client_secret_basic', 'client_secret_post'],
    findAccount: (_ctx: unknown, id: string) => {
      const identity = options.identities[id];
      if (!identity) return undefined;
      return { accountId: id, claims: () => ({ ...identity }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'preferred_username'],
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3_600,
      IdToken: 600,
      Interaction: 600,
      Session: 3_600,
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [jwk] },
    // Keep its own logging quiet: errors reach the browser or the client as OAuth errors.
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>${escapeHtml(
        out.error_description ?? out.error ?? 'error',
      )}</p></main></body></html>`;
    },
  });
  const handler = provider.callback();
  return { issuer: options.issuer, handle: handler };
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
