import * as oidc from 'openid-client';
import {
  SsoError,
  type SsoCallback,
  type SsoClient,
  type SsoIdentity,
  type SsoProviderSettings,
  type SsoStart,
} from './sso';

/** How long a provider's discovery document is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 3_600_000;
const SCOPE = 'openid email profile';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * The OpenID Connect client (openid-client v6): discovery cached per issuer, authorization code
 * with PKCE (S256), state and nonce; the client authenticates at the token endpoint as the
 * provider advertises (client_secret_basic, else client_secret_post). An `http:` issuer is
 * refused unless `allowHttp` (tests and the development provider).
 */
export class OpenIdSsoClient implements SsoClient {
  private readonly servers = new Map<
    string,
    { at: number; metadata: Promise<oidc.ServerMetadata> }
  >();

  constructor(private readonly options: { allowHttp: boolean; timeoutSeconds?: number }) {}

  private insecure(settings: SsoProviderSettings): boolean {
    const { protocol } = new URL(settings.issuer);
    if (protocol === 'https:') return false;
    if (protocol === 'http:' && this.options.allowHttp) return true;
    throw new SsoError('unreachable', `the issuer ${settings.issuer} is not https`);
  }

  private serverMetadata(settings: SsoProviderSettings, insecure: boolean) {
    const cached = this.servers.get(settings.issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.metadata;
    const metadata = oidc
      .discovery(new URL(settings.issuer), settings.clientId, undefined, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: this.options.timeoutSeconds ?? 10,
      })
      .then((configuration) => configuration.serverMetadata());
    const entry = { at: Date.now(), metadata };
    this.servers.set(settings.issuer, entry);
    // A failed discovery is not kept: the next sign-in asks again.
    metadata.catch(() => {
      if (this.servers.get(settings.issuer) === entry) this.servers.delete(settings.issuer);
    });
    return metadata;
  }

  private async configuration(settings: SsoProviderSettings): Promise<oidc.Configuration> {
    const insecure = this.insecure(settings);
    let server: oidc.ServerMetadata;
    try {
      server = await this.serverMetadata(settings, insecure);
    } catch (err) {
      throw new SsoError('unreachable', `discovery failed: ${(err as Error).message}`);
    }
    const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const secret = settings.clientSecret;
    const auth = !secret
      ? oidc.None()
      : !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? oidc.ClientSecretPost(secret)
        : oidc.ClientSecretBasic(secret);
    const configuration = new oidc.Configuration(server, settings.clientId, undefined, auth);
    if (insecure) oidc.allowInsecureRequests(configuration);
    configuration.timeout = this.options.timeoutSeconds ?? 10;
    return configuration;
  }

  async authorizationUrl(settings: SsoProviderSettings, redirectUri: string): Promise<SsoStart> {
    const configuration = await this.configuration(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  async complete(
    settings: SsoProviderSettings,
    redirectUri: string,
    callback: SsoCallback,
  ): Promise<SsoIdentity> {
    const configuration = await this.configuration(settings);
    const server = configuration.serverMetadata();
    const current = new URL(redirectUri);
    current.searchParams.set('code', callback.code);
    current.searchParams.set('state', callback.state);
    // The flow is bound to this group's issuer server-side, so a missing `iss` is that issuer.
    if (server.authorization_response_iss_parameter_supported)
      current.searchParams.set('iss', callback.iss ?? server.issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: callback.codeVerifier,
        expectedState: callback.state,
        expectedNonce: callback.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SsoError('invalid', 'no ID token');
      let info: Record<string, unknown> = {};
      if (server.userinfo_endpoint)
        info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      const all: Record<string, unknown> = { ...info, ...claims };
      const email = text(all.email);
      const emailVerified = all.email_verified === true || all.email_verified === 'true';
      const identity: SsoIdentity = { issuer: server.issuer, subject: claims.sub, emailVerified };
      if (email) identity.email = email;
      const first = text(all.given_name);
      const last = text(all.family_name);
      const username = text(all.preferred_username);
      if (first) identity.firstName = first;
      if (last) identity.lastName = last;
      if (username) identity.username = username;
      return identity;
    } catch (err) {
      throw asSsoError(err);
    }
  }
}

function asSsoError(err: unknown): SsoError {
  if (err instanceof SsoError) return err;
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError)
    return new SsoError(
      'refused',
      `the provider refused: ${err.error}`,
      err.error_description ?? err.error,
    );
  if (err instanceof oidc.ClientError) return new SsoError('invalid', err.message);
  if (err instanceof TypeError || (err as Error)?.name === 'AbortError')
    return new SsoError('unreachable', (err as Error).message);
  return new SsoError('invalid', (err as Error)?.message ?? String(err));
}
