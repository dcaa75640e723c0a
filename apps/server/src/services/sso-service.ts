import { randomBytes, randomUUID } from 'node:crypto';
import {
  errorText,
  localise,
  type OAuthCompleteBody,
  type UserGroup,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  SsoError,
  type SsoClient,
  type SsoIdentity,
  type SsoProviderSettings,
} from '../adapters/sso/sso';
import { DEV_OIDC } from '../adapters/sso/dev-provider';
import type { Db } from '../db/database';
import { findUser, findUserByEmail, type UserRow } from '../db/repositories/accounts';
import { inTransaction, isUniqueViolation, type Executor } from '../db/repositories/executor';
import { addMember, membershipsOf } from '../db/repositories/memberships';
import type { OrganisationRecord } from '../db/repositories/organisations';
import {
  deleteSsoFlowsBefore,
  findSsoIdentity,
  findUserGroup,
  insertSsoFlow,
  insertSsoIdentity,
  insertSsoUser,
  markSsoAccount,
  takeSsoFlow,
  usernameTaken,
} from '../db/repositories/sso';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  unauthenticated,
  unavailable,
} from './errors';
import type { InvitationService } from './invitation-service';
import type { OrganisationService } from './organisation-service';
import type { SessionService } from './session-service';
import type { SiteLinks } from './site-links';
import type { ViewerService } from './viewer-service';

/** A sign-in under way is good for ten minutes, once. */
export const SSO_FLOW_TTL_MS = 600_000;

/** What the web app's SSO screen shows when the group's pack gives no prompt. */
const DEFAULT_PROMPT: Record<string, string> = {
  'en-US': 'Members of {group} sign in with their organisation’s account.',
  'fr-CA': 'Les membres de {group} se connectent avec le compte de leur organisation.',
};

const now = () => new Date().toISOString();

type SsoGroup = Omit<UserGroup, 'topics'> & { oauth: NonNullable<UserGroup['oauth']> };

/**
 * Single sign-on per user group (docs/decisions.md, "Single sign-on"): OpenID Connect with PKCE,
 * state and nonce, the flow kept server-side (one use, ten minutes), accounts made just in time
 * from the provider's identity, and the same tokens as a password sign-in.
 */
export class SsoService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly client: SsoClient,
    private readonly organisations: OrganisationService,
    private readonly links: SiteLinks,
    private readonly options: {
      secretFromEnv: (name: string) => string | undefined;
      /** PUBLIC_ORIGIN's scheme, when set: the scheme of redirect addresses. */
      publicProtocol: 'http:' | 'https:' | undefined;
      /** The mounted development provider's issuer (DEV_OIDC=on only; never in production). */
      devOidcIssuer?: string | undefined;
    },
    private readonly log: FastifyBaseLogger,
    private readonly invitations: InvitationService,
    private readonly viewers?: ViewerService,
  ) {}

  /** Whether the site's public origin (PUBLIC_ORIGIN) is https. */
  get httpsSite(): boolean {
    return this.options.publicProtocol === 'https:';
  }

  private async ssoGroup(org: OrganisationRecord, groupId: string): Promise<SsoGroup> {
    const group = await findUserGroup(this.db, org.id, groupId);
    if (!group?.oauth) throw notFound('noSsoGroup', { groupId: 'hasNoSingleSignOn' });
    return group as SsoGroup;
  }

  /**
   * The issuer to ask: the group's, except that with DEV_OIDC=on the demo pack's development
   * issuer (`http://localhost:{any port}/dev-oidc`) is the provider this server mounts, so the
   * demo signs in whatever PORT the server has (issue 24, point 13).
   */
  private providerIssuer(issuer: string): string {
    const dev = this.options.devOidcIssuer;
    if (!dev) return issuer;
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      return issuer;
    }
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    const isDemo =
      url.protocol === 'http:' && local && url.pathname.replace(/\/$/, '') === DEV_OIDC.path;
    return isDemo ? dev : issuer;
  }

  /** The provider settings of a group with its secret resolved; never logged or answered. */
  private settings(org: OrganisationRecord, group: SsoGroup): SsoProviderSettings {
    const { clientId, clientSecret } = group.oauth;
    const issuer = this.providerIssuer(group.oauth.issuer);
    if (clientSecret === undefined) return { issuer, clientId };
    if (!clientSecret.startsWith('env:')) return { issuer, clientId, clientSecret };
    const name = clientSecret.slice('env:'.length);
    const value = this.options.secretFromEnv(name);
    if (!value) {
      this.log.error(
        { org: org.alias, group: group._id, variable: name },
        'the client secret of a single sign-on group is not set in the environment',
      );
      throw unavailable('ssoUnavailable');
    }
    return { issuer, clientId, clientSecret: value };
  }

  async prompt(org: OrganisationRecord, groupId: string, locale: string): Promise<string> {
    const group = await this.ssoGroup(org, groupId);
    if (group.oauth.prompt) return localise(group.oauth.prompt, locale);
    const template = DEFAULT_PROMPT[locale] ?? DEFAULT_PROMPT['en-US']!;
    return template.replace('{group}', localise(group.name, locale));
  }

  /**
   * The origin the provider sends the browser back to: the request's own host when it names
   * this organisation (so the browser keeps its storage), else the organisation's configured
   * address (SiteLinks). A `Host` naming another organisation or none is never used.
   */
  async origin(
    org: OrganisationRecord,
    request: { host: string; protocol: 'http' | 'https' },
  ): Promise<string> {
    const alias = await this.organisations.aliasForHost(request.host);
    if (alias !== org.alias) return this.links.origin(org);
    const protocol = this.options.publicProtocol ?? `${request.protocol}:`;
    try {
      return new URL(`${protocol}//${request.host}`).origin;
    } catch {
      return this.links.origin(org);
    }
  }

  /** Starts a sign-in: the provider's login address and the flow's id (for the cookie). */
  async start(
    org: OrganisationRecord,
    groupId: string,
    origin: string,
    inviteId: string | undefined,
  ): Promise<{ authorizationUrl: string; flowId: string }> {
    const group = await this.ssoGroup(org, groupId);
    const redirectUri = `${origin}/oauth/callback/${encodeURIComponent(group._id)}`;
    let started;
    try {
      started = await this.client.authorizationUrl(this.settings(org, group), redirectUri);
    } catch (err) {
      throw this.failure(org, group, err);
    }
    const flowId = randomBytes(24).toString('base64url');
    const at = Date.now();
    await deleteSsoFlowsBefore(this.db, new Date(at - SSO_FLOW_TTL_MS).toISOString());
    await insertSsoFlow(this.db, {
      id: flowId,
      state: started.state,
      nonce: started.nonce,
      codeVerifier: started.codeVerifier,
      orgId: org.id,
      groupId: group._id,
      inviteId: inviteId || null,
      redirectUri,
      createdAt: new Date(at).toISOString(),
    });
    return { authorizationUrl: started.url, flowId };
  }

  /**
   * Finishes a sign-in with the callback's code. The flow is the one named by this browser's
   * cookie (set at the start), and only that: a callback without it, such as someone else's
   * callback address opened in this browser (login CSRF), is refused, and a `state` naming
   * another flow is too. It works once. The account is found by the provider identity; an
   * account of the same email is never taken over: `link` (with the account's own session)
   * joins the identity to the signed-in account, else a new account is made. It joins the group
   * (and the invitation's group). Any refusal leaves nothing behind.
   */
  async complete(
    org: OrganisationRecord,
    body: OAuthCompleteBody & { iss?: string; link?: boolean },
    cookieFlowId: string | undefined,
    linkTo?: { userId: string } | null,
  ): Promise<{ token: string; userId: string }> {
    if (!cookieFlowId) throw invalid('ssoNoFlowCookie');
    if (body.link && !linkTo) throw unauthenticated('signInRequired');
    const flow = await takeSsoFlow(this.db, { id: cookieFlowId });
    if (!flow || flow.orgId !== org.id || flow.groupId !== body.groupId)
      throw invalid('loginTokenNotFound');
    if (body.state && body.state !== flow.state) throw invalid('ssoOtherBrowser');
    if (Date.parse(flow.createdAt) + SSO_FLOW_TTL_MS < Date.now()) throw invalid('ssoExpired');
    const group = await this.ssoGroup(org, flow.groupId);

    let identity: SsoIdentity;
    const settings = this.settings(org, group);
    try {
      identity = await this.client.complete(settings, flow.redirectUri, {
        code: body.code,
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        ...(body.iss && { iss: body.iss }),
      });
    } catch (err) {
      throw this.failure(org, group, err);
    }
    // The demo provider on this port vouches for the pack's issuer: the identity is kept under
    // the pack's name, so it is the same account whatever port the server ran on.
    if (settings.issuer !== group.oauth.issuer && identity.issuer === settings.issuer)
      identity = { ...identity, issuer: group.oauth.issuer };

    const inviteId = flow.inviteId ?? (body.oAuthInviteId || null);
    const { userId, linked } = await this.signInAccount(
      org,
      group._id,
      identity,
      inviteId,
      body.link ? (linkTo?.userId ?? null) : null,
    );
    // Linking ends the password, and with it every session the password made.
    if (linked) await this.sessions.revokeAllOf(userId);
    this.viewers?.forget(org.id, userId);
    return { token: await this.sessions.create(userId, org.id), userId };
  }

  private failure(org: OrganisationRecord, group: SsoGroup, err: unknown): DomainError {
    if (err instanceof DomainError) return err;
    if (!(err instanceof SsoError)) throw err;
    this.log.warn(
      { org: org.alias, group: group._id, issuer: group.oauth.issuer, reason: err.message },
      `single sign-on failed (${err.kind})`,
    );
    if (err.kind === 'unreachable') return unavailable('ssoUnavailable');
    if (err.kind === 'refused')
      return invalid(
        err.providerMessage
          ? errorText('ssoRefusedWithReason', { reason: err.providerMessage })
          : 'ssoRefused',
      );
    return invalid('ssoNotVerified');
  }

  private async signInAccount(
    org: OrganisationRecord,
    groupId: string,
    identity: SsoIdentity,
    inviteId: string | null,
    /** The signed-in account the identity is to be linked to (link mode), if any. */
    linkUserId: string | null,
  ): Promise<{ userId: string; linked: boolean }> {
    const at = now();
    const username = await this.freeUsername(org, identity);
    try {
      return await inTransaction(this.db, async (tx) => {
        let linked = false;
        const knownId = await findSsoIdentity(tx, org.id, identity.issuer, identity.subject);
        if (knownId && linkUserId && knownId !== linkUserId) throw conflict('ssoLinkedElsewhere');
        let user: UserRow | undefined = knownId ? await findUser(tx, org.id, knownId) : undefined;
        if (!user) {
          const owner = linkUserId ? await findUser(tx, org.id, linkUserId) : undefined;
          const same =
            !owner && identity.email
              ? await findUserByEmail(tx, org.id, identity.email)
              : undefined;
          if (linkUserId && !owner) throw unauthenticated('signInRequired');
          if (owner) {
            // The owner signed in with the password and proved the identity at the provider.
            if (owner.oauth_group_id !== null) throw conflict('ssoEmailOtherSso');
            await markSsoAccount(tx, org.id, owner.id, groupId, at);
            user = owner;
            linked = true;
          } else if (same) {
            // Never taken over, verified email or not: the owner links by signing in with the
            // password first (design §11).
            if (same.oauth_group_id !== null) throw conflict('ssoEmailOtherSso');
            throw conflict('ssoLinkRequired', { link: { verbatim: groupId } });
          } else {
            const id = randomUUID();
            await insertSsoUser(tx, {
              id,
              orgId: org.id,
              username,
              email: identity.emailVerified && identity.email ? identity.email : '',
              first: identity.firstName ?? '',
              last: identity.lastName ?? '',
              groupId,
              at,
            });
            user = (await findUser(tx, org.id, id))!;
          }
          await insertSsoIdentity(tx, {
            orgId: org.id,
            issuer: identity.issuer,
            subject: identity.subject,
            userId: user.id,
            at,
          });
        } else if (user.oauth_group_id !== groupId) {
          // Logging out takes the learner back to the group they last signed in with.
          await markSsoAccount(tx, org.id, user.id, groupId, at);
        }
        await this.join(tx, org, user, groupId, inviteId);
        return { userId: user.id, linked };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ssoEmailOtherSso');
      throw err;
    }
  }

  /** Makes the learner a member of the SSO group and of the invitation's group, if any. */
  private async join(
    tx: Executor,
    org: OrganisationRecord,
    user: UserRow,
    groupId: string,
    inviteId: string | null,
  ): Promise<void> {
    if (inviteId)
      await this.invitations.use(tx, org, user, inviteId, org.settings.locales[0] ?? 'en-US');
    const groups = new Set((await membershipsOf(tx, org.id, user.id)).map((g) => g.groupId));
    if (!groups.has(groupId))
      await addMember(tx, { orgId: org.id, groupId, userId: user.id, role: 'member' });
  }

  /** A username for a new account: the provider's, or the email's name, made unique. */
  private async freeUsername(org: OrganisationRecord, identity: SsoIdentity): Promise<string> {
    const wanted = identity.username ?? identity.email?.split('@')[0] ?? 'sso';
    let base = wanted.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 32);
    if (base.length < 3) base = `sso-${base}`.slice(0, 32);
    if (!(await usernameTaken(this.db, org.id, base))) return base;
    for (let i = 0; i < 5; i++) {
      const candidate = `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await usernameTaken(this.db, org.id, candidate))) return candidate;
    }
    return `sso-${randomUUID().slice(0, 18)}`;
  }
}
