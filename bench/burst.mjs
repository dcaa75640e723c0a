// A lean HTTP/1.1 client for "N requests all in flight at once": one keep-alive connection per
// request, opened beforehand (as fetch's pool keeps them after a warm-up), each request written
// whole in one call, its time taken from just before the write to the last byte of its answer.
// fetch (undici) spends about 0.4 ms of CPU per request on this machine, as much as the server
// spends answering /healthz: with client and server on the same two cores, its own queue would
// be most of what a fetch-timed p99 measures.
import net from 'node:net';

/** `count` connections to `url`'s host and port, open. */
export async function openConnections(url, count) {
  const { hostname, port } = new URL(url);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const socket = net.connect(Number(port), hostname, () => resolve(socket));
          socket.setNoDelay(true);
          socket.once('error', reject);
        }),
    ),
  );
}

/** The bytes of one request: `{method, path, host, headers, body}`. */
export function requestBytes({ method = 'GET', path, host, headers = {}, body }) {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}

/**
 * Writes request i on connection i, all at once, and waits for every answer. Answers the
 * statuses, the times in ms (sorted) and the client's own CPU time in ms.
 */
export async function burst(sockets, requests) {
  if (requests.length > sockets.length) throw new Error('one connection per request');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const answers = await Promise.all(
    requests.map(
      (bytes, i) =>
        new Promise((resolve, reject) => {
          const socket = sockets[i];
          let buffer = Buffer.alloc(0);
          const onData = (chunk) => {
            buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) return;
            const head = buffer.subarray(0, end).toString('latin1');
            const length = /\r\ncontent-length: *(\d+)/i.exec(head);
            if (!length) return reject(new Error(`an answer without content-length: ${head}`));
            if (buffer.length < end + 4 + Number(length[1])) return;
            const took = performance.now() - start;
            socket.off('data', onData);
            socket.off('error', reject);
            resolve({ status: Number(head.slice(9, 12)), took });
          };
          socket.on('data', onData);
          socket.once('error', reject);
          const start = performance.now();
          socket.write(bytes);
        }),
    ),
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    statuses: answers.map((a) => a.status),
    took: answers.map((a) => a.took).sort((a, b) => a - b),
    wallMs,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}

/** The q-quantile of sorted times, in ms with two decimals. */
export const quantile = (sorted, q) =>
  Number(sorted[Math.floor(q * (sorted.length - 1))].toFixed(2));
