import type { FastifyBaseLogger } from 'fastify';
import type { PubSub } from '../../adapters/pubsub/pubsub';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import type { NotificationService } from '../notifications';
import type { SessionService } from '../session-service';
import type { UseCaseArgs } from '../use-cases';
import type { ViewerService } from '../viewer-service';
import type { MessagesContext } from './context';
import { openLive } from './live';
import { post } from './posting';
import { listJson, PAGE_CACHED_MS, threads } from './reading';
import { markRead, unread } from './unread';

export { messageChannel, type MessageEvent } from './context';
export { REPLAY_MAX, REPLAY_OVERLAP_MS, type LiveMessages } from './live';
export type { MessageListOptions } from './reading';

/**
 * Messages of user groups (docs/design.md §10): group messages for every member; private ones in
 * threads, one per member, read by that member and the group's administrators, who answer inside
 * a member's thread. A message is written to the database first, then published on the bus for
 * the live streams (http/message-stream-hub.ts); a lost publication loses nothing (polling reads
 * the database). One use case per module: reading.ts, posting.ts, unread.ts, live.ts.
 */
export class MessageService {
  private readonly ctx: MessagesContext;

  constructor(
    db: Db,
    pubsub: PubSub,
    sessions: SessionService,
    viewers: ViewerService,
    log: FastifyBaseLogger,
    caches: Caches,
    notifications: NotificationService,
    channelPrefix = '',
  ) {
    this.ctx = {
      channelPrefix,
      db,
      pubsub,
      sessions,
      viewers,
      log,
      caches,
      notifications,
      pages: caches.define('message-pages', {
        max: 5_000,
        ttlMs: PAGE_CACHED_MS,
        key: ({ key }) => key,
        load: async ({ read }) => ({ json: await read() }),
        dependsOn: ({ orgId, groupId }) => [{ messages: { org: orgId, group: groupId } }],
      }),
    };
  }

  listJson(...args: UseCaseArgs<typeof listJson>) {
    return listJson(this.ctx, ...args);
  }

  post(...args: UseCaseArgs<typeof post>) {
    return post(this.ctx, ...args);
  }

  unread(...args: UseCaseArgs<typeof unread>) {
    return unread(this.ctx, ...args);
  }

  markRead(...args: UseCaseArgs<typeof markRead>) {
    return markRead(this.ctx, ...args);
  }

  threads(...args: UseCaseArgs<typeof threads>) {
    return threads(this.ctx, ...args);
  }

  /** What a live stream may send, checked before it opens (refusals are thrown here). */
  openLive(...args: UseCaseArgs<typeof openLive>) {
    return openLive(this.ctx, ...args);
  }
}
