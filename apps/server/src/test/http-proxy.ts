import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the proxy passed it on. */
export interface ProxiedRequest {
  method: string;
  url: string;
  /** The index (in `upstreams`) of the process that answered; undefined for the proxy's 502. */
  upstream: number | undefined;
  status: number;
  /** The upstreams tried first, whose connection failed. */
  failed: number[];
}

export interface HttpProxy {
  url: string;
  /** Every request answered (or refused with 502), in the order their answers began. */
  readonly log: ProxiedRequest[];
  close(): Promise<void>;
}

/** Headers of one connection, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The header a test names a process with (`X-Upstream: 1`); the proxy's answers carry it too. */
export const UPSTREAM_HEADER = 'x-upstream';

const passOn = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * A reverse proxy for tests, in front of several server processes, doing what docs/production.md
 * asks of the operator's (nginx, a load balancer): it passes the client's `Host` on, appends the
 * client's address to `X-Forwarded-For`, sets `X-Forwarded-Proto` to the scheme it was reached
 * by (`proto`: "https" stands for a proxy that ends TLS), and streams bodies both ways unbuffered
 * (server-sent events arrive as they are written).
 *
 * Requests go round robin, or to the upstream an `X-Upstream` header names; each answer says
 * which upstream gave it in the same header. When an upstream's connection fails the request goes
 * to the next one if nothing of it was sent yet (any method, as nginx's `proxy_next_upstream
 * error` does) or if it is a GET or HEAD; otherwise, or when no upstream is left, it is answered
 * 502. One connection per request: a restarted process is reached again at once.
 */
export async function startHttpProxy(
  upstreams: readonly string[],
  { proto = 'http' }: { proto?: 'http' | 'https' } = {},
): Promise<HttpProxy> {
  const log: ProxiedRequest[] = [];
  let turn = 0;

  const server = http.createServer((req, res) => {
    const pinned = req.headers[UPSTREAM_HEADER];
    const first = pinned === undefined ? turn++ % upstreams.length : Number(pinned);
    const order = upstreams.map((_, k) => (first + k) % upstreams.length);
    const failed: number[] = [];
    const { [UPSTREAM_HEADER]: _pin, ...fromClient } = passOn(req.headers);
    const headers = {
      ...fromClient,
      'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress]
        .filter(Boolean)
        .join(', '),
      'x-forwarded-proto': proto,
    };
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0;
    let current: http.ClientRequest | undefined;
    // The client went away (a closed event stream): so does the request to the upstream.
    res.on('close', () => current?.destroy());

    const badGateway = () => {
      log.push({ method: req.method!, url: req.url!, upstream: undefined, status: 502, failed });
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway\n');
    };
    const forward = (index: number | undefined) => {
      if (index === undefined) return badGateway();
      const target = new URL(upstreams[index]!);
      let isSent = false;
      const out = http.request({
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent: false,
      });
      current = out;
      // The body is read only once a connection stands, so that a refused one can go elsewhere.
      out.on('socket', (socket) => {
        const send = () => {
          isSent = true;
          if (hasBody) req.pipe(out);
          else out.end();
        };
        if (socket.connecting) socket.once('connect', send);
        else send();
      });
      out.on('response', (answer) => {
        log.push({
          method: req.method!,
          url: req.url!,
          upstream: index,
          status: answer.statusCode!,
          failed,
        });
        res.writeHead(answer.statusCode!, {
          ...passOn(answer.headers),
          [UPSTREAM_HEADER]: String(index),
        });
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      out.on('error', () => {
        if (res.headersSent || res.destroyed) return res.destroy();
        failed.push(index);
        const canRetry = !isSent || req.method === 'GET' || req.method === 'HEAD';
        if (canRetry) forward(order[failed.length]);
        else badGateway();
      });
    };
    req.on('error', () => current?.destroy());
    forward(order[0]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
