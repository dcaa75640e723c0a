/**
 * Fan-out of live events (new messages) to every server process. Without REDIS_URL an
 * in-process bus serves one process; with it, Redis pub/sub joins several.
 */
export type Unsubscribe = () => void;

export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, listener: (payload: string) => void): Unsubscribe;
  /**
   * Resolves once events published to `channel` from now on reach this process's listeners
   * (a remote bus confirms subscriptions asynchronously); absent when that is at once.
   */
  subscribed?(channel: string): Promise<void>;
  /**
   * Whether events published now reach this process: false from the moment a remote bus's
   * connection is lost until it is back (its channels are then subscribed again).
   */
  available(): boolean;
  /** Calls `listener` when the bus is lost (false) and when it is back (true). */
  onAvailability(listener: (available: boolean) => void): Unsubscribe;
  close(): Promise<void>;
}
