import { randomBytes } from 'node:crypto';
import {
  errorText,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  UNREAD_MAX,
  type MessageThread,
  type MessageView,
  type UnreadMessagesAnswer,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { PubSub, Unsubscribe } from '../adapters/pubsub/pubsub';
import type { Db } from '../db/database';
import { inTransaction } from '../db/repositories/executor';
import { roleIn } from '../db/repositories/group-admin';
import {
  findMessage,
  insertMessage,
  listMessages,
  markRead,
  threadExists,
  threadsOf,
  unreadChannels,
  unreadInThread,
  type AuthorRecord,
  type MessageRecord,
} from '../db/repositories/messages';
import type { OrganisationRecord } from '../db/repositories/organisations';
import {
  assertGroupAdmin,
  assertGroupMember,
  canPostMessage,
  canSeeMessage,
  isGroupMember,
  isMessagingOn,
  privateThreadsReadable,
  type Viewer,
} from '../policies';
import { forbidden, invalid, notFound, unavailable } from './errors';
import type { Session, SessionService } from './session-service';
import type { ViewerService } from './viewer-service';

/** The private threads an administrator's list shows at most. */
const THREADS_LISTED = 200;

/** The stream replays what was written this long before the last message the browser saw. */
export const REPLAY_OVERLAP_MS = 2_000;
/** At most this many messages of each kind (group, private) are replayed on a reconnection. */
export const REPLAY_MAX = 200;
/**
 * Live streams one account may hold open in a process (every tab and group counted): one more
 * closes the account's oldest first (issue 24, point 7).
 */
export const STREAMS_PER_ACCOUNT = 10;
/** A stream opens after its subscription is confirmed, or after this long without Redis. */
const SUBSCRIBE_WAIT_MS = 1_000;

/** What goes through the bus: the message as the API answers it, and what a stream filters on. */
export interface MessageEvent {
  message: MessageView;
  groupId: string;
  authorId: string;
  /** '' for a group message; the member's account id for a private one. */
  threadId: string;
}

export interface MessageListOptions {
  page?: number | undefined;
  limit?: number | undefined;
  /** Exclusive bounds, epoch milliseconds. */
  after?: number | undefined;
  before?: number | undefined;
  isPrivate?: boolean | undefined;
  /** One private thread (an administrator's choice). */
  thread?: string | undefined;
}

/** One server-sent event: a message, with its id for Last-Event-ID. */
export const messageEventText = (view: MessageView) =>
  `event: message\nid: ${view._id}\ndata: ${JSON.stringify(view)}\n\n`;

/** Where a stream sends what the learner may read: the message and its event text. */
export interface MessageSink {
  message(view: MessageView, eventText: string): void;
  /**
   * The stream ends: the learner may no longer read the group (left it, signed out), or for a
   * `reason` the browser is told (`event: closed`): `replaced` (the account opened more streams
   * than it may hold; this one, its oldest, is not reopened), `paused` (the process lost its bus
   * of live events; reopen later, poll meanwhile).
   */
  end(reason?: StreamEndReason): void;
}

export type StreamEndReason = 'replaced' | 'paused';

/** An open stream of one learner on one group (docs/design.md §10). */
export interface MessageStream {
  start(sink: MessageSink): Promise<void>;
  /** Whether the learner still may read the group (session good, still a member). */
  stillReadable(): Promise<boolean>;
  close(): void;
}

/** An event of the bus, parsed and written as a server-sent event once for every local stream. */
interface LocalEvent {
  event: MessageEvent;
  text: string;
}

/** The streams of one process on one channel, behind a single subscription to the bus. */
interface Hub {
  listeners: Set<(local: LocalEvent) => void>;
  unsubscribe: Unsubscribe;
}

/** How long a stream trusts the learner's session and membership before checking them again. */
const VIEWER_TRUSTED_MS = 1_000;
/**
 * How long a page of messages, serialised, answers the polls that ask for it (10,000 learners
 * polling every 10 s ask for the same few pages). A post in this process drops its group's pages
 * at once; one made by another process is seen within this time (its live streams get it at once).
 */
const PAGE_CACHED_MS = 1_000;

const newMessageId = () => randomBytes(16).toString('base64url');

/** The channel of a group's messages on the bus. */
export const messageChannel = (orgId: string, groupId: string) => `messages:${orgId}:${groupId}`;

/** What a message or a thread shows of an account: names, username and picture. */
function presentAuthor(id: string, author: AuthorRecord): MessageView['account'] {
  let picture: { secure_url?: unknown } | undefined;
  try {
    picture = author.profilePicture
      ? (JSON.parse(author.profilePicture) as { secure_url?: unknown })
      : undefined;
  } catch {
    picture = undefined;
  }
  return {
    _id: id,
    name: { first: author.firstName, last: author.lastName },
    ...(typeof picture?.secure_url === 'string' && {
      profilePicture: { secure_url: picture.secure_url },
    }),
    user: { id: { username: author.username } },
  };
}

export function presentMessage(record: MessageRecord): MessageView {
  return {
    _id: record.id,
    body: record.body,
    isPrivate: record.isPrivate,
    createDate: record.createdAt,
    account: presentAuthor(record.authorId, record.author),
    ...(record.isPrivate && { thread: record.threadId }),
  };
}

const byTimeThenId = (a: MessageRecord, b: MessageRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/**
 * Messages of user groups (docs/design.md §10): group messages for every member; private ones in
 * threads, one per member, read by that member and the group's administrators, who answer inside
 * a member's thread. A message is written to the database first, then published on the bus for
 * the live streams; a lost publication loses nothing (polling reads the database).
 */
export class MessageService {
  /** One bus subscription per channel, whatever the number of streams on it in this process. */
  private readonly hubs = new Map<string, Hub>();
  /** Pages of messages as JSON answers, by group, reader and query (PAGE_CACHED_MS). */
  private readonly pages = new LRUCache<string, string>({ max: 5_000, ttl: PAGE_CACHED_MS });
  /** Bumped by each post in this process: the group's cached pages are no longer found. */
  private readonly groupVersions = new Map<string, number>();
  /** The open streams of each account (`org|user`), oldest first: each one's `end`. */
  private readonly accountStreams = new Map<string, Set<(reason?: StreamEndReason) => void>>();

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    private readonly sessions: SessionService,
    private readonly viewers: ViewerService,
    private readonly log: FastifyBaseLogger,
  ) {
    // A process that lost its bus no longer hears what other processes publish: its streams end
    // at once (the browser polls meanwhile and shows it is not live), and new ones are refused
    // until the bus is back. Reconnecting with Last-Event-ID then replays what was missed.
    pubsub.onAvailability((available) => {
      if (available) return;
      const ends = [...this.accountStreams.values()].flatMap((mine) => [...mine]);
      if (ends.length > 0)
        this.log.warn({ streams: ends.length }, 'live-event bus lost: open streams are ended');
      for (const end of ends) end('paused');
    });
  }

  /**
   * Someone outside the group learns nothing of it (404, as the other group routes); a member of
   * an organisation whose messaging is off is refused (403).
   */
  assertReadable(org: OrganisationRecord, viewer: Viewer, groupId: string): void {
    assertGroupMember(viewer, groupId);
    if (!isMessagingOn(org.settings)) throw forbidden('messagingOff');
  }

  /**
   * A page of the group's messages (or of the private ones the viewer reads: their own thread,
   * or for an administrator every thread or the one asked for), newest first, as the JSON of the
   * route's answer (`{"results":[…]}`), kept PAGE_CACHED_MS for every reader who reads the same
   * messages.
   */
  async listJson(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    options: MessageListOptions = {},
  ): Promise<string> {
    this.assertReadable(org, viewer, groupId);
    const limit = Math.min(options.limit ?? MESSAGE_PAGE_SIZE, MESSAGE_PAGE_SIZE);
    const page = options.page ?? 1;
    const isPrivate = options.isPrivate === true;
    let threadId: string | undefined;
    if (isPrivate) {
      const scope = privateThreadsReadable(viewer, groupId);
      if (scope === 'own') {
        // A member reads their own thread; another's is no business of theirs (as if none).
        if (options.thread !== undefined && options.thread !== viewer.userId)
          throw notFound('threadNotFound');
        threadId = viewer.userId!;
      } else threadId = options.thread;
    }
    const reader = !isPrivate ? 'group' : threadId === undefined ? 'threads' : `thread:${threadId}`;
    const groupKey = `${org.id}|${groupId}`;
    const key = [
      groupKey,
      this.groupVersions.get(groupKey) ?? 0,
      reader,
      page,
      limit,
      options.after ?? '',
      options.before ?? '',
    ].join('|');
    const cached = this.pages.get(key);
    if (cached !== undefined) return cached;
    const records = await listMessages(this.db, {
      orgId: org.id,
      groupId,
      isPrivate,
      ...(threadId !== undefined && { threadId }),
      ...(options.after !== undefined && { after: new Date(options.after).toISOString() }),
      // Without `createDate[lt]`, "now" includes the message written in this very millisecond.
      ...(options.before !== undefined && { before: new Date(options.before).toISOString() }),
      limit,
      offset: (page - 1) * limit,
      order: 'desc',
    });
    const json = JSON.stringify({ results: records.map(presentMessage) });
    this.pages.set(key, json);
    return json;
  }

  /**
   * Posts to the group, or privately: to the author's own thread, or (an administrator) into a
   * member's thread (`threadOf`), which that member then reads.
   */
  async post(
    org: OrganisationRecord,
    viewer: Viewer & { userId: string },
    groupId: string,
    input: { body: string; isPrivate?: boolean | undefined; threadOf?: string | undefined },
  ): Promise<MessageView> {
    this.assertReadable(org, viewer, groupId);
    const body = input.body.trim();
    if (body.length === 0) throw invalid('emptyMessage', { body: 'mustNotBeEmpty' });
    if ([...body].length > MESSAGE_MAX_LENGTH)
      throw invalid(errorText('longMessage', { max: MESSAGE_MAX_LENGTH }), {
        body: errorText('atMostCharacters', { max: MESSAGE_MAX_LENGTH }),
      });
    const isPrivate = input.isPrivate === true;
    if (input.threadOf !== undefined && !isPrivate)
      throw invalid('threadIsPrivate', { threadOf: 'needsPrivate' });
    const threadOf = input.threadOf;
    if (!canPostMessage(viewer, groupId, { isPrivate, threadOf }, org.settings.constraints))
      throw forbidden(
        threadOf !== undefined && threadOf !== viewer.userId
          ? 'answerInThreadAdminsOnly'
          : 'membersPostPrivately',
      );
    const threadId = isPrivate ? (threadOf ?? viewer.userId) : '';
    // An answer goes to a member of the group (or a thread it has): nowhere else.
    if (
      isPrivate &&
      threadId !== viewer.userId &&
      !(await roleIn(this.db, org.id, groupId, threadId)) &&
      !(await threadExists(this.db, org.id, groupId, threadId))
    )
      throw notFound('threadNotFound', { threadOf: 'notAMemberHere' });
    const id = newMessageId();
    await inTransaction(this.db, (tx) =>
      insertMessage(tx, {
        id,
        orgId: org.id,
        groupId,
        authorId: viewer.userId,
        threadId,
        body,
        isPrivate,
        createdAt: new Date().toISOString(),
      }),
    );
    const groupKey = `${org.id}|${groupId}`;
    this.groupVersions.set(groupKey, (this.groupVersions.get(groupKey) ?? 0) + 1);
    const record = await findMessage(this.db, org.id, groupId, id);
    if (!record) throw new Error('a message just written was not found');
    const message = presentMessage(record);
    const event: MessageEvent = { message, groupId, authorId: viewer.userId, threadId };
    // After the write: a stream that misses this (Redis away) still finds it by polling.
    this.pubsub.publish(messageChannel(org.id, groupId), JSON.stringify(event)).catch((err) => {
      this.log.warn({ err }, 'a new message was not published to the live streams');
    });
    return message;
  }

  /**
   * Per group of the viewer, the messages from others they may read and have not read: its
   * group messages and the private threads they read (their own; every one of a group they
   * administer), each count stopping at UNREAD_MAX.
   */
  async unread(
    org: OrganisationRecord,
    viewer: Viewer & { userId: string },
    only?: string,
  ): Promise<UnreadMessagesAnswer['groups']> {
    if (!isMessagingOn(org.settings)) throw forbidden('messagingOff');
    const groupIds = only ? [only] : [...viewer.groupIds].sort();
    const channels = await unreadChannels(this.db, {
      orgId: org.id,
      userId: viewer.userId,
      groupIds,
      adminGroupIds: [...viewer.adminGroupIds].filter((id) => !only || id === only),
      max: UNREAD_MAX,
    });
    return groupIds.map((groupId) => {
      const mine = channels.filter((c) => c.groupId === groupId);
      const group = mine.find((c) => c.threadId === '')?.unread ?? 0;
      const threads = mine
        .filter((c) => c.threadId !== '')
        .map((c) => ({ thread: c.threadId, unread: c.unread }))
        .sort((a, b) => (a.thread < b.thread ? -1 : 1));
      const privateUnread = threads.reduce((sum, t) => sum + t.unread, 0);
      return { groupId, unread: group + privateUnread, group, private: privateUnread, threads };
    });
  }

  /**
   * The viewer has read the group's messages up to now, or one private thread (their own; any
   * member's for an administrator). Answers what is still unread in the group.
   */
  async markRead(
    org: OrganisationRecord,
    viewer: Viewer & { userId: string },
    groupId: string,
    thread?: string,
  ): Promise<{ groupId: string; unread: number }> {
    this.assertReadable(org, viewer, groupId);
    if (
      thread !== undefined &&
      thread !== viewer.userId &&
      privateThreadsReadable(viewer, groupId) !== 'all'
    )
      throw notFound('threadNotFound');
    await markRead(this.db, {
      orgId: org.id,
      userId: viewer.userId,
      groupId,
      threadId: thread ?? '',
      at: new Date().toISOString(),
    });
    const [left] = await this.unread(org, viewer, groupId);
    return { groupId, unread: left?.unread ?? 0 };
  }

  /**
   * The private threads of a group, for its administrators (403 for a member): one per member
   * who has one, newest activity first, each with what the administrator has not read in it.
   */
  async threads(
    org: OrganisationRecord,
    viewer: Viewer & { userId: string },
    groupId: string,
  ): Promise<MessageThread[]> {
    this.assertReadable(org, viewer, groupId);
    assertGroupAdmin(viewer, groupId);
    const rows = await threadsOf(this.db, {
      orgId: org.id,
      groupId,
      readerId: viewer.userId,
      limit: THREADS_LISTED,
    });
    return Promise.all(
      rows.map(async (row) => ({
        thread: row.threadId,
        account: presentAuthor(row.threadId, row.member),
        lastMessageAt: row.lastAt,
        unread:
          row.readAt !== null && row.lastAt <= row.readAt
            ? 0
            : await unreadInThread(this.db, {
                orgId: org.id,
                groupId,
                threadId: row.threadId,
                readAt: row.readAt,
                readerId: viewer.userId,
                max: UNREAD_MAX,
              }),
      })),
    );
  }

  /**
   * A live stream of the group for a signed-in learner. Refusals are thrown here, before
   * anything is sent. With `lastEventId` (the last message the browser has), the messages the
   * learner may read written from REPLAY_OVERLAP_MS before it are sent first, then live ones;
   * the browser merges by `_id`.
   */
  async openStream(
    org: OrganisationRecord,
    session: Session & { token: string },
    groupId: string,
    lastEventId: string | undefined,
  ): Promise<MessageStream> {
    const viewer = await this.viewers.of(session);
    this.assertReadable(org, viewer, groupId);
    if (!this.pubsub.available()) throw unavailable('livePaused');
    const last = lastEventId ? await findMessage(this.db, org.id, groupId, lastEventId) : undefined;
    const since =
      last && canSeeMessage(viewer, groupId, last)
        ? new Date(Date.parse(last.createdAt) - REPLAY_OVERLAP_MS).toISOString()
        : undefined;

    let closed = false;
    let unsubscribe: Unsubscribe | undefined;
    let sink: MessageSink | undefined;
    /** Deliveries run one after another, so the browser gets them in the order published. */
    let chain: Promise<void> = Promise.resolve();
    /** Events arriving while the replay is read wait here. */
    let waiting: LocalEvent[] | null = [];
    /** The replayed messages, which a live event that waited must not send again. */
    const replayed = new Set<string>();

    const currentViewer = async (): Promise<Viewer | null> => {
      const current = await this.sessions.find(session.token, org.id);
      if (!current || current.userId !== session.userId) return null;
      const v = await this.viewers.of(current);
      return isGroupMember(v, groupId) ? v : null;
    };
    const account = `${org.id}|${session.userId}`;
    const close = () => {
      if (closed) return;
      closed = true;
      unsubscribe?.();
      const mine = this.accountStreams.get(account);
      if (mine?.delete(end) && mine.size === 0) this.accountStreams.delete(account);
    };
    const end = (reason?: StreamEndReason) => {
      if (closed) return;
      close();
      sink?.end(reason);
    };
    /** The learner as last checked, and when: deliveries within VIEWER_TRUSTED_MS use it as is. */
    let trusted: { viewer: Viewer; at: number } | null = { viewer, at: Date.now() };
    /** Deliveries waiting on a check of the learner; later ones queue behind them, in order. */
    let queued = 0;
    const send = (v: Viewer, { event, text }: LocalEvent) => {
      const audience = {
        isPrivate: event.message.isPrivate,
        threadId: event.threadId ?? event.message.thread ?? '',
      };
      if (canSeeMessage(v, groupId, audience)) sink?.message(event.message, text);
    };
    const deliver = (local: LocalEvent) => {
      if (closed || replayed.has(local.event.message._id)) return;
      // The usual case, with thousands of streams on one channel: no await, no allocation.
      if (queued === 0 && trusted && Date.now() - trusted.at < VIEWER_TRUSTED_MS)
        return send(trusted.viewer, local);
      queued += 1;
      chain = chain
        .then(async () => {
          if (closed) return;
          if (!trusted || Date.now() - trusted.at >= VIEWER_TRUSTED_MS) {
            const v = await currentViewer();
            if (closed) return;
            if (!v) return end();
            trusted = { viewer: v, at: Date.now() };
          }
          send(trusted.viewer, local);
        })
        .catch((err) => {
          this.log.warn({ err }, 'a message was not delivered to a live stream');
        })
        .finally(() => {
          queued -= 1;
        });
    };

    const replay = async (): Promise<MessageRecord[]> => {
      if (!since) return [];
      const scope = privateThreadsReadable(viewer, groupId);
      const common = {
        orgId: org.id,
        groupId,
        since,
        limit: REPLAY_MAX,
        offset: 0,
        order: 'asc' as const,
      };
      const [group, own] = await Promise.all([
        listMessages(this.db, { ...common, isPrivate: false }),
        scope === 'none'
          ? []
          : listMessages(this.db, {
              ...common,
              isPrivate: true,
              ...(scope === 'own' && { threadId: viewer.userId! }),
            }),
      ]);
      return [...group, ...own].sort(byTimeThenId);
    };

    return {
      start: async (to) => {
        sink = to;
        if (closed) return;
        // One more than the account may hold: its oldest streams end first.
        let mine = this.accountStreams.get(account);
        if (!mine) {
          mine = new Set();
          this.accountStreams.set(account, mine);
        }
        mine.add(end);
        for (const oldest of [...mine].slice(0, Math.max(0, mine.size - STREAMS_PER_ACCOUNT)))
          oldest('replaced');
        // The bus was lost since the stream was asked for: it could not be live.
        if (!this.pubsub.available()) return end('paused');
        unsubscribe = this.listen(messageChannel(org.id, groupId), (local) => {
          if (local.event.groupId !== groupId) return;
          if (waiting) waiting.push(local);
          else deliver(local);
        });
        // A remote bus confirms the subscription later: wait for it (at most SUBSCRIBE_WAIT_MS, so
        // that a stream still opens while Redis is away), so nothing published after the
        // stream said it is open is missed.
        await Promise.race([
          this.pubsub.subscribed?.(messageChannel(org.id, groupId)).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
        ]);
        for (const record of await replay()) {
          if (closed) return;
          replayed.add(record.id);
          const view = presentMessage(record);
          to.message(view, messageEventText(view));
        }
        const pending = waiting ?? [];
        waiting = null;
        for (const event of pending) deliver(event);
      },
      stillReadable: async () => {
        if (closed) return false;
        const v = await currentViewer();
        if (v) {
          trusted = { viewer: v, at: Date.now() };
          return true;
        }
        end();
        return false;
      },
      close,
    };
  }

  /**
   * Listens to a channel of the bus through this process's one subscription to it: each event
   * is parsed and written as a server-sent event once, then handed to every local stream.
   */
  private listen(channel: string, listener: (local: LocalEvent) => void): Unsubscribe {
    let hub = this.hubs.get(channel);
    if (!hub) {
      const listeners = new Set<(local: LocalEvent) => void>();
      const unsubscribe = this.pubsub.subscribe(channel, (payload) => {
        let local: LocalEvent;
        try {
          const event = JSON.parse(payload) as MessageEvent;
          local = { event, text: messageEventText(event.message) };
        } catch {
          return;
        }
        for (const each of listeners) each(local);
      });
      hub = { listeners, unsubscribe };
      this.hubs.set(channel, hub);
    }
    const { listeners } = hub;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      const current = this.hubs.get(channel);
      if (current && current.listeners === listeners && listeners.size === 0) {
        current.unsubscribe();
        this.hubs.delete(channel);
      }
    };
  }
}
