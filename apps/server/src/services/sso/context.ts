import type { UserGroup } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoClient } from '../../adapters/sso/sso';
import type { Db } from '../../db/database';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/sso';
import { notFound } from '../errors';
import type { InvitationService } from '../invitations';
import type { OrganisationService } from '../organisation-service';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';
import type { ViewerService } from '../viewer-service';

/** A sign-in under way is good for ten minutes, once. */
export const SSO_FLOW_TTL_MS = 600_000;

export const LOGIN_TOKEN_NOT_FOUND = 'Login token not found.';
export const SSO_EXPIRED = 'This sign-in took too long. Please try again.';
export const SSO_OTHER_BROWSER = 'This sign-in was started in another browser. Please try again.';
export const SSO_NO_FLOW_COOKIE =
  'This sign-in was not started in this browser, so it cannot finish here. Please start it again from the login page.';
export const SSO_LINK_REQUIRED =
  'An account with this email already exists. To use single sign-on with it, log in with your password first, then link the two.';
export const SSO_LINKED_ELSEWHERE =
  'This single sign-on identity is already linked to another account.';
export const NO_SSO_GROUP = 'This user group has no single sign-on.';
export const SSO_UNAVAILABLE = 'Single sign-on is not available for this group at the moment.';
export const SSO_REFUSED = 'The sign-in provider refused the sign-in.';
export const SSO_NOT_VERIFIED = 'The sign-in provider’s answer could not be verified.';
export const SSO_EMAIL_OTHER_SSO =
  'An account with this email already exists and signs in another way.';

export const now = () => new Date().toISOString();

export type SsoGroup = Omit<UserGroup, 'topics'> & { oauth: NonNullable<UserGroup['oauth']> };

export interface SsoOptions {
  secretFromEnv: (name: string) => string | undefined;
  /** PUBLIC_ORIGIN's scheme, when set: the scheme of redirect addresses. */
  publicProtocol: 'http:' | 'https:' | undefined;
  /** The mounted development provider's issuer (DEV_OIDC=on only; never in production). */
  devOidcIssuer?: string | undefined;
}

/** What the single sign-on use cases share. */
export interface SsoContext {
  db: Db;
  sessions: SessionService;
  client: SsoClient;
  organisations: OrganisationService;
  links: SiteLinks;
  options: SsoOptions;
  log: FastifyBaseLogger;
  invitations: InvitationService;
  viewers?: ViewerService | undefined;
}

export async function ssoGroup(
  ctx: SsoContext,
  org: OrganisationRecord,
  groupId: string,
): Promise<SsoGroup> {
  const group = await findUserGroup(ctx.db, org.id, groupId);
  if (!group?.oauth) throw notFound(NO_SSO_GROUP, { groupId: 'has no single sign-on' });
  return group as SsoGroup;
}
