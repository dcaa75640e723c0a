import http from 'node:http';

/**
 * Requests to a test app listening on loopback, through one keep-alive agent. The fuzzer sends its
 * requests this way rather than with `app.inject`: light-my-request keeps about every answer's
 * size alive, so 10,000 requests a route ran the test worker out of memory (docs/decisions.md).
 * It also puts each request through Node's HTTP parser, as a real client would.
 */
export interface LoopbackRequest {
  method: string;
  /** Path and query as they go on the request line (percent-encoded or not, as given). */
  url: string;
  /** Sent as they are; `host` too (an empty one included): Node does not add its own. */
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Read the body of an answer below 400 too (by default it is read and dropped). */
  keepBody?: boolean;
  /** Stop reading a 2xx answer at once (an event stream that never ends). */
  streams?: boolean;
}

export interface LoopbackAnswer {
  status: number;
  /** The body of a 4xx or 5xx (or of any answer with `keepBody`); '' otherwise. */
  body: string;
  type: string;
}

export interface Loopback {
  send(request: LoopbackRequest, signal?: AbortSignal): Promise<LoopbackAnswer>;
  close(): void;
}

/** A client of the server listening at `address` (what `app.server.address()` gives). */
export function loopbackClient(address: { address: string; port: number }): Loopback {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (request: LoopbackRequest, signal?: AbortSignal) =>
    new Promise<LoopbackAnswer>((resolve, reject) => {
      const headers: Record<string, string> = { host: 'localhost:80', ...request.headers };
      if (request.payload !== undefined)
        headers['content-length'] = String(Buffer.byteLength(request.payload));
      const req = http.request(
        {
          agent,
          host: address.address,
          port: address.port,
          method: request.method,
          path: request.url,
          headers,
          setHost: false,
          ...(signal && { signal }),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const type = String(res.headers['content-type']);
          if (request.streams && status < 300) {
            res.destroy();
            resolve({ status, body: '', type });
            return;
          }
          const keep = request.keepBody || status >= 400;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (keep) chunks.push(chunk);
          });
          res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString(), type }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(request.payload);
    });
  return { send, close: () => agent.destroy() };
}
