import { randomBytes } from 'node:crypto';
import { localise, type OAuthCompleteBody } from '@portal/domain';
import type { SsoIdentity } from '../../adapters/sso/sso';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { deleteSsoFlowsBefore, insertSsoFlow, takeSsoFlow } from '../../db/repositories/sso';
import { invalid, unauthenticated } from '../errors';
import { signInAccount } from './accounts';
import { SSO_FLOW_TTL_MS, ssoGroup, type SsoContext } from './context';
import { failure, providerSettings } from './provider';

/** What the web app's SSO screen shows when the group's pack gives no prompt. */
const DEFAULT_PROMPT: Record<string, string> = {
  'en-US': 'Members of {group} sign in with their organisation’s account.',
  'fr-CA': 'Les membres de {group} se connectent avec le compte de leur organisation.',
};

export async function prompt(
  ctx: SsoContext,
  org: OrganisationRecord,
  groupId: string,
  locale: string,
): Promise<string> {
  const group = await ssoGroup(ctx, org, groupId);
  if (group.oauth.prompt) return localise(group.oauth.prompt, locale);
  const template = DEFAULT_PROMPT[locale] ?? DEFAULT_PROMPT['en-US']!;
  return template.replace('{group}', localise(group.name, locale));
}

/**
 * The origin the provider sends the browser back to: the request's own host when it names
 * this organisation (so the browser keeps its storage), else the organisation's configured
 * address (SiteLinks). A `Host` naming another organisation or none is never used.
 */
export async function origin(
  ctx: SsoContext,
  org: OrganisationRecord,
  request: { host: string; protocol: 'http' | 'https' },
): Promise<string> {
  const alias = await ctx.organisations.aliasForHost(request.host);
  if (alias !== org.alias) return ctx.links.origin(org);
  const protocol = ctx.options.publicProtocol ?? `${request.protocol}:`;
  try {
    return new URL(`${protocol}//${request.host}`).origin;
  } catch {
    return ctx.links.origin(org);
  }
}

/** Starts a sign-in: the provider's login address and the flow's id (for the cookie). */
export async function start(
  ctx: SsoContext,
  org: OrganisationRecord,
  groupId: string,
  origin: string,
  inviteId: string | undefined,
): Promise<{ authorizationUrl: string; flowId: string }> {
  const group = await ssoGroup(ctx, org, groupId);
  const redirectUri = `${origin}/oauth/callback/${encodeURIComponent(group._id)}`;
  let started;
  try {
    started = await ctx.client.authorizationUrl(providerSettings(ctx, org, group), redirectUri);
  } catch (err) {
    throw failure(ctx, org, group, err);
  }
  const flowId = randomBytes(24).toString('base64url');
  const at = Date.now();
  await deleteSsoFlowsBefore(ctx.db, new Date(at - SSO_FLOW_TTL_MS).toISOString());
  await insertSsoFlow(ctx.db, {
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
export async function complete(
  ctx: SsoContext,
  org: OrganisationRecord,
  body: OAuthCompleteBody & { iss?: string; link?: boolean },
  cookieFlowId: string | undefined,
  linkTo?: { userId: string } | null,
): Promise<{ token: string; userId: string }> {
  if (!cookieFlowId) throw invalid('ssoNoFlowCookie');
  if (body.link && !linkTo) throw unauthenticated('signInRequired');
  const flow = await takeSsoFlow(ctx.db, { id: cookieFlowId });
  if (!flow || flow.orgId !== org.id || flow.groupId !== body.groupId)
    throw invalid('loginTokenNotFound');
  if (body.state && body.state !== flow.state) throw invalid('ssoOtherBrowser');
  if (Date.parse(flow.createdAt) + SSO_FLOW_TTL_MS < Date.now()) throw invalid('ssoExpired');
  const group = await ssoGroup(ctx, org, flow.groupId);

  let identity: SsoIdentity;
  const settings = providerSettings(ctx, org, group);
  try {
    identity = await ctx.client.complete(settings, flow.redirectUri, {
      code: body.code,
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      ...(body.iss && { iss: body.iss }),
    });
  } catch (err) {
    throw failure(ctx, org, group, err);
  }
  // The demo provider on this port vouches for the pack's issuer: the identity is kept under
  // the pack's name, so it is the same account whatever port the server ran on.
  if (settings.issuer !== group.oauth.issuer && identity.issuer === settings.issuer)
    identity = { ...identity, issuer: group.oauth.issuer };

  const inviteId = flow.inviteId ?? (body.oAuthInviteId || null);
  const { userId, linked } = await signInAccount(
    ctx,
    org,
    group._id,
    identity,
    inviteId,
    body.link ? (linkTo?.userId ?? null) : null,
  );
  // Linking ends the password, and with it every session the password made.
  if (linked) await ctx.sessions.revokeAllOf(userId);
  ctx.viewers?.forget(org.id, userId);
  return { token: await ctx.sessions.create(userId, org.id), userId };
}
