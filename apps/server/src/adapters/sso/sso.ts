/**
 * Single sign-on per user group: OpenID Connect, authorization code with PKCE (openid-client).
 * A user group's `oauth` settings in its content pack name the provider.
 */
export interface SsoProviderSettings {
  issuer: string;
  clientId: string;
  /** Resolved from the environment (`env:NAME`); never logged or sent. */
  clientSecret?: string;
}

export interface SsoIdentity {
  /** The issuer that vouched for the identity, as its discovery document names it. */
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  /** The provider's `preferred_username`, if any. */
  username?: string;
}

/** What the browser must come back with, kept server-side until then. */
export interface SsoStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SsoCallback {
  code: string;
  state: string;
  /** The callback's `iss` parameter (RFC 9207), when the client passed it on. */
  iss?: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Why a single sign-on failed: the provider cannot be reached or is not allowed (`unreachable`),
 * it refused (`refused`: an error on the callback or from its token endpoint, such as a used
 * code), or what it answered does not check out (`invalid`: issuer, audience, nonce, signature).
 */
export class SsoError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'invalid',
    message: string,
    /** The provider's own `error_description` (or `error`), for a refusal. */
    readonly providerMessage?: string,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}

export interface SsoClient {
  /** The provider's login address for this group, with state, nonce and PKCE challenge. */
  authorizationUrl(settings: SsoProviderSettings, redirectUri: string): Promise<SsoStart>;
  /** Exchanges the code of the callback for the learner's identity, checking everything. */
  complete(
    settings: SsoProviderSettings,
    redirectUri: string,
    callback: SsoCallback,
  ): Promise<SsoIdentity>;
}
