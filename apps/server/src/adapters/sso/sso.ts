/**
 * Single sign-on per user group: OpenID Connect, authorization code with PKCE (openid-client).
 * A user group's `oauth` settings in its content pack name the provider.
 */
export interface SsoProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

export interface SsoIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

export interface SsoClient {
  /** The provider's login address for this group, with state and PKCE challenge. */
  authorizationUrl(
    settings: SsoProviderSettings,
    redirectUri: string,
  ): Promise<{ url: string; state: string; codeVerifier: string }>;
  /** Exchanges the code of the callback for the learner's identity. */
  complete(
    settings: SsoProviderSettings,
    redirectUri: string,
    callback: { code: string; state: string; codeVerifier: string },
  ): Promise<SsoIdentity>;
}
