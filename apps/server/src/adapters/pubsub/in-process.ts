import { EventEmitter } from 'node:events';
import type { PubSub, Unsubscribe } from './pubsub';

/** The embedded default: events reach the listeners of this process only. */
export class InProcessPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, payload: string): Promise<void> {
    this.emitter.emit(channel, payload);
  }

  subscribe(channel: string, listener: (payload: string) => void): Unsubscribe {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  /** An in-process bus is never lost. */
  available(): boolean {
    return true;
  }

  onAvailability(): Unsubscribe {
    return () => {};
  }

  /** How many listeners a channel has (for tests and diagnostics). */
  listenerCount(channel: string): number {
    return this.emitter.listenerCount(channel);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
