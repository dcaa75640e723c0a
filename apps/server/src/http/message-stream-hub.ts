import type { MessageView } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PubSub, Unsubscribe } from '../adapters/pubsub/pubsub';
import type { Viewer } from '../policies';
import type { LiveMessages, MessageEvent } from '../services/messages';

/**
 * Live streams one account may hold open in a process (every tab and group counted): one more
 * closes the account's oldest first (issue 24, point 7).
 */
export const STREAMS_PER_ACCOUNT = 10;
/** A stream opens after its subscription is confirmed, or after this long without Redis. */
const SUBSCRIBE_WAIT_MS = 1_000;
/** How long a stream trusts the learner's session and membership before checking them again. */
const VIEWER_TRUSTED_MS = 1_000;

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

/**
 * The live message streams of this process (docs/design.md §10): one bus subscription per
 * channel shared by every stream on it, at most STREAMS_PER_ACCOUNT streams per account, and
 * every stream ended when the bus is lost. What a stream may send is the message use case's
 * (services/messages/live.ts).
 */
export class MessageStreamHub {
  /** One bus subscription per channel, whatever the number of streams on it in this process. */
  private readonly hubs = new Map<string, Hub>();
  /** The open streams of each account (`org|user`), oldest first: each one's `end`. */
  private readonly accountStreams = new Map<string, Set<(reason?: StreamEndReason) => void>>();

  /** How many streams are open on this process (metrics). */
  get openStreams(): number {
    let n = 0;
    for (const mine of this.accountStreams.values()) n += mine.size;
    return n;
  }
  private readonly stopWatchingBus: Unsubscribe;

  constructor(
    private readonly pubsub: PubSub,
    private readonly log: FastifyBaseLogger,
  ) {
    // A process that lost its bus no longer hears what other processes publish: its streams end
    // at once (the browser polls meanwhile and shows it is not live), and new ones are refused
    // until the bus is back. Reconnecting with Last-Event-ID then replays what was missed.
    this.stopWatchingBus = pubsub.onAvailability((available) => {
      if (available) return;
      const ends = [...this.accountStreams.values()].flatMap((mine) => [...mine]);
      if (ends.length > 0)
        this.log.warn({ streams: ends.length }, 'live-event bus lost: open streams are ended');
      for (const end of ends) end('paused');
    });
  }

  /** Stops ending streams on a loss of the bus (the app closes). */
  close(): void {
    this.stopWatchingBus();
  }

  /** A stream of what `live` lets the learner read: the replay first, then the bus's events. */
  open(live: LiveMessages): MessageStream {
    const { groupId, account, currentViewer } = live;
    let closed = false;
    let unsubscribe: Unsubscribe | undefined;
    let sink: MessageSink | undefined;
    /** Deliveries run one after another, so the browser gets them in the order published. */
    let chain: Promise<void> = Promise.resolve();
    /** Events arriving while the replay is read wait here. */
    let waiting: LocalEvent[] | null = [];
    /** The replayed messages, which a live event that waited must not send again. */
    const replayed = new Set<string>();

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
    let trusted: { viewer: Viewer; at: number } | null = { viewer: live.viewer, at: Date.now() };
    /** Deliveries waiting on a check of the learner; later ones queue behind them, in order. */
    let queued = 0;
    const send = (v: Viewer, { event, text }: LocalEvent) => {
      if (live.canSee(v, event)) sink?.message(event.message, text);
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
        unsubscribe = this.listen(live.channel, (local) => {
          if (local.event.groupId !== groupId) return;
          if (waiting) waiting.push(local);
          else deliver(local);
        });
        // A remote bus confirms the subscription later: wait for it (at most SUBSCRIBE_WAIT_MS, so
        // that a stream still opens while Redis is away), so nothing published after the
        // stream said it is open is missed.
        await Promise.race([
          this.pubsub.subscribed?.(live.channel).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
        ]);
        for (const view of await live.replay()) {
          if (closed) return;
          replayed.add(view._id);
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
