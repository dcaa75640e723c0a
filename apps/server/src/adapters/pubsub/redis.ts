import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { PubSub, Unsubscribe } from './pubsub';

/** A publication waits this long for Redis (a reconnection) before it is given up. */
const PUBLISH_TIMEOUT_MS = 2_000;
/**
 * The subscribing connection is pinged this often, and dropped (then made again) when a ping
 * gets no answer within PING_TIMEOUT_MS: a network path that dies without closing the socket
 * would otherwise leave this process deaf without knowing it.
 */
const PING_EVERY_MS = 2_000;
const PING_TIMEOUT_MS = 2_000;

export interface RedisPubSubOptions {
  /** Names the two connections in Redis's CLIENT LIST (tests find and kill them by name). */
  connectionName?: string;
}

/**
 * Redis pub/sub (REDIS_URL): joins the server processes, so that a message posted to one reaches
 * the streams open on every other. One connection publishes and one subscribes; each channel is
 * subscribed once, however many streams of this process listen to it, and unsubscribed when the
 * last one leaves. ioredis reconnects by itself; the channels are subscribed again on every
 * (re)connection. A publication that fails (Redis away) rejects: the caller has already written
 * the message to the database and only logs it (browsers still poll).
 */
export class RedisPubSub implements PubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** The last SUBSCRIBE sent for each channel, answered once Redis confirms it. */
  private readonly subscriptions = new Map<string, Promise<void>>();
  private closed = false;
  /** Whether Redis was reported away, so that reconnection attempts log once, not each time. */
  private away = false;
  /**
   * Whether the subscribing connection was lost and not yet back: what was published meanwhile
   * never reached this process (issue 24, point 5).
   */
  private lost = false;
  private readonly availability = new Set<(available: boolean) => void>();
  private readonly pinger: NodeJS.Timeout;
  private pinging = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    options: RedisPubSubOptions = {},
  ) {
    const name = options.connectionName ?? 'portal';
    this.publisher = new Redis(url, {
      connectionName: `${name}:pub`,
      maxRetriesPerRequest: 1,
      commandTimeout: PUBLISH_TIMEOUT_MS,
    });
    this.subscriber = new Redis(url, {
      connectionName: `${name}:sub`,
      // Subscriptions are made again by `ready` below, including those whose command failed
      // while Redis was away (ioredis re-subscribes only the ones that had succeeded).
      autoResubscribe: false,
      maxRetriesPerRequest: null,
    });
    this.subscriber.on('message', (channel: string, payload: string) => {
      const listeners = this.listeners.get(channel);
      if (!listeners) return;
      for (const listener of [...listeners]) {
        try {
          listener(payload);
        } catch (err) {
          this.log.warn({ err, channel }, 'a live-event listener failed');
        }
      }
    });
    this.subscriber.on('ready', () => {
      const channels = [...this.listeners.keys()];
      if (channels.length > 0) this.subscribeNow(channels);
      if (this.lost) {
        this.lost = false;
        this.tell(true);
      }
    });
    // The subscribing connection closed (Redis stopped, the network cut): events published from
    // now on are not heard until it is back, so the streams of this process are told at once.
    this.subscriber.on('close', () => {
      if (this.lost || this.closed) return;
      this.lost = true;
      this.tell(false);
    });
    this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
    this.pinger.unref();
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err: Error) => {
        if (this.away || this.closed) return;
        this.away = true;
        this.log.warn(
          { err: { message: err.message } },
          'Redis is away; live messages wait for it',
        );
      });
      connection.on('ready', () => {
        if (!this.away) return;
        this.away = false;
        this.log.info('Redis is back; live messages flow again');
      });
    }
  }

  /** Pings the subscribing connection; no answer in time drops it (ioredis makes it again). */
  private ping(): void {
    if (this.pinging || this.closed || this.subscriber.status !== 'ready') return;
    this.pinging = true;
    const silent = setTimeout(() => {
      if (this.closed) return;
      this.log.warn('Redis did not answer a ping; the subscribing connection is made again');
      this.subscriber.disconnect(true);
    }, PING_TIMEOUT_MS);
    this.subscriber
      .ping()
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(silent);
        this.pinging = false;
      });
  }

  private tell(available: boolean): void {
    for (const listener of [...this.availability]) {
      try {
        listener(available);
      } catch (err) {
        this.log.warn({ err }, 'a listener of the live-event bus failed');
      }
    }
  }

  available(): boolean {
    return !this.lost && !this.closed;
  }

  onAvailability(listener: (available: boolean) => void): Unsubscribe {
    this.availability.add(listener);
    return () => this.availability.delete(listener);
  }

  private warn(what: string) {
    return (err: unknown) => {
      if (!this.closed) this.log.warn({ err }, `Redis ${what} failed`);
    };
  }

  private subscribeNow(channels: string[]): void {
    const done = this.subscriber.subscribe(...channels).then(() => undefined);
    done.catch(this.warn('subscribe'));
    for (const channel of channels) this.subscriptions.set(channel, done);
  }

  /** Resolves once Redis has confirmed the subscription of `channel` (after a reconnection too). */
  async subscribed(channel: string): Promise<void> {
    if (this.subscriber.status !== 'ready')
      await new Promise<void>((resolve) => this.subscriber.once('ready', () => resolve()));
    await this.subscriptions.get(channel);
  }

  async publish(channel: string, payload: string): Promise<void> {
    if (this.closed) return;
    await this.publisher.publish(channel, payload);
  }

  subscribe(channel: string, listener: (payload: string) => void): Unsubscribe {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      if (this.subscriber.status === 'ready') this.subscribeNow([channel]);
    }
    listeners.add(listener);
    const own = listeners;
    return () => {
      if (!own.delete(listener) || own.size > 0 || this.listeners.get(channel) !== own) return;
      this.listeners.delete(channel);
      this.subscriptions.delete(channel);
      if (this.subscriber.status === 'ready')
        this.subscriber.unsubscribe(channel).catch(this.warn('unsubscribe'));
    };
  }

  /** How many channels this process listens to (for tests and diagnostics). */
  get channelCount(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pinger);
    this.listeners.clear();
    this.availability.clear();
    this.subscriptions.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (connection) => {
        if (connection.status === 'ready') {
          try {
            await connection.quit();
            return;
          } catch {
            // Fall through: drop the connection.
          }
        }
        connection.disconnect();
      }),
    );
  }
}
