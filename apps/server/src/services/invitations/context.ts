import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/user-groups';
import { assertMayInvite, type Viewer } from '../../policies';
import { notFound } from '../errors';
import type { NotificationService } from '../notifications';
import type { SiteLinks } from '../site-links';
import type { ViewerService } from '../viewer-service';

/** Invitation ids: 128 random bits, unguessable (the link is the credential). */
export const newInvitationId = () => randomBytes(16).toString('base64url');
export const now = () => new Date().toISOString();

export type Admin = Viewer & { userId: string };

/** What the invitation use cases share. */
export interface InvitationsContext {
  db: Db;
  viewers: ViewerService;
  mailer: Mailer;
  links: SiteLinks;
  log: FastifyBaseLogger;
  notifications: NotificationService;
}

/** The group, for one of its administrators; 404 (not in it) or 403 (a member) for others. */
export async function adminGroup(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
) {
  assertMayInvite(viewer, groupId);
  const group = await findUserGroup(ctx.db, org.id, groupId);
  if (!group) throw notFound('groupNotFound');
  return group;
}
