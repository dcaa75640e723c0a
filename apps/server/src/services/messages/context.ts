import type { MessageView } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PubSub } from '../../adapters/pubsub/pubsub';
import type { Caches, NamedCache } from '../../cache';
import type { Db } from '../../db/database';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertGroupMember, isMessagingOn, type Viewer } from '../../policies';
import { forbidden } from '../errors';
import type { NotificationService } from '../notifications';
import type { SessionService } from '../session-service';
import type { ViewerService } from '../viewer-service';

/** What the message use cases share: their adapters and this process's pages of messages. */
export interface MessagesContext {
  db: Db;
  pubsub: PubSub;
  sessions: SessionService;
  viewers: ViewerService;
  log: FastifyBaseLogger;
  caches: Caches;
  notifications: NotificationService;
  /**
   * Pages of messages as JSON answers, by group, reader and query (PAGE_CACHED_MS); a post drops
   * its group's pages on every process.
   */
  pages: NamedCache<PageArgs, { json: string }>;
  /** REDIS_PREFIX, in front of every channel of the bus (`messageChannel`). */
  channelPrefix: string;
}

/** Which page of messages: its group, its key (group, reader, query) and how to read it. */
export interface PageArgs {
  orgId: string;
  groupId: string;
  key: string;
  read: () => Promise<string>;
}

/** What goes through the bus: the message as the API answers it, and what a stream filters on. */
export interface MessageEvent {
  message: MessageView;
  groupId: string;
  authorId: string;
  /** '' for a group message; the member's account id for a private one. */
  threadId: string;
}

/**
 * The channel of a group's messages on the bus, under the deployment's REDIS_PREFIX: two
 * deployments on one Redis (a staging copy restored from production's backup has the same
 * organisation ids) never hear each other's messages.
 */
export const messageChannel = (prefix: string, orgId: string, groupId: string) =>
  `${prefix}messages:${orgId}:${groupId}`;

/**
 * Someone outside the group learns nothing of it (404, as the other group routes); a member of
 * an organisation whose messaging is off is refused (403).
 */
export function assertReadable(org: OrganisationRecord, viewer: Viewer, groupId: string): void {
  assertGroupMember(viewer, groupId);
  if (!isMessagingOn(org.settings)) throw forbidden('messagingOff');
}
