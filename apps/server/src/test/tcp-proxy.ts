import net from 'node:net';

/**
 * How the proxy treats connections:
 * - `forward`: relays both ways to the target (the database is there);
 * - `refuse`: closes every connection at once, open ones included (the database is down);
 * - `stall`: accepts connections and never answers, and stops relaying on open ones (the
 *   database, or the network to it, hangs).
 */
export type ProxyMode = 'forward' | 'refuse' | 'stall';

export interface TcpProxy {
  port: number;
  readonly mode: ProxyMode;
  setMode(mode: ProxyMode): void;
  /** Open client connections. */
  readonly connections: number;
  /**
   * Freezes the connections open now (no byte relayed either way, sockets kept open, as a
   * half-dead network path would), while new connections still relay (issue 24, point 6).
   * Answers how many were frozen.
   */
  freezeOpen(): number;
  /** Frozen connections still open (the client has not dropped them). */
  readonly frozen: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (the shared PostgreSQL), that a test makes refuse or stall
 * to take the database away without stopping it. Going back to `forward` leaves connections that
 * stalled wedged (as a real network would): only new connections relay again.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const open = new Set<{ client: net.Socket; upstream: net.Socket | null; stalled: boolean }>();

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const link = { client, upstream: null as net.Socket | null, stalled: mode === 'stall' };
    open.add(link);
    client.on('error', () => {});
    client.on('close', () => {
      open.delete(link);
      link.upstream?.destroy();
    });
    if (link.stalled) {
      // Accept and read, never answer.
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk) => {
      if (!link.stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!link.stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    get mode() {
      return mode;
    },
    get connections() {
      return open.size;
    },
    freezeOpen() {
      for (const link of open) link.stalled = true;
      return open.size;
    },
    get frozen() {
      return [...open].filter((link) => link.stalled).length;
    },
    setMode(next) {
      mode = next;
      for (const link of open) {
        if (next === 'refuse') {
          link.client.destroy();
          link.upstream?.destroy();
        } else if (next === 'stall') link.stalled = true;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const link of open) {
          link.client.destroy();
          link.upstream?.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
