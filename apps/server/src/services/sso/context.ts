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
  if (!group?.oauth) throw notFound('noSsoGroup', { groupId: 'hasNoSingleSignOn' });
  return group as SsoGroup;
}
