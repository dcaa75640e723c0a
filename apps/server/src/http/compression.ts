import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedText, Encoding } from '../services/cached-text';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1_024;

/**
 * Per-request compression is brotli at quality 4 (measured on a 15 KB answer: gzip -6's size
 * and speed, ~0.25 ms; quality 11 costs ~100× more for 15 % fewer bytes) or gzip -6. Answers
 * cached serialised (CachedText) are compressed once, with the best settings.
 */
const FAST_BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: 1 },
};
const GZIP = { level: 6 };

const COMPRESSIBLE =
  /^(?:application\/(?:json|xml|javascript|manifest\+json)|text\/(?!event-stream))/i;

/**
 * The encoding to answer with: brotli, else gzip, by the client's `Accept-Encoding` (a `q=0`
 * refuses one; `*` stands for both). Null when the client asked for neither.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (enc: Encoding) => accepted.get(enc) ?? accepted.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Its encoding was chosen where it was sent (a cached answer): onSend leaves it as it is. */
    negotiated: boolean;
  }
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Sends cached text as it is, or its compressed form kept with it when the client takes one.
 * JSON by default, sent without the route's serializer (its schema documents the shape).
 */
export async function sendCachedText(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedText,
  contentType = 'application/json; charset=utf-8',
) {
  const encoding = sendCachedTextNow(request, reply, cached, contentType);
  if (encoding === true) return reply;
  const body = await cached.encode(encoding);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * sendCachedText without waiting: sends the text, or its compressed form if made already, and
 * answers true; answers the encoding to make (the headers set) when it must be made first.
 */
export function sendCachedTextNow(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedText,
  contentType = 'application/json; charset=utf-8',
): true | Encoding {
  // A string of a JSON (or HTML) type is sent as it is: no serializer runs.
  reply.header('content-type', contentType);
  if (cached.text.length < COMPRESS_MIN_BYTES) {
    reply.send(cached.text as never);
    return true;
  }
  addVary(reply);
  // Negotiated here: the onSend hook below need not look at this answer again.
  reply.negotiated = true;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    reply.send(cached.text as never);
    return true;
  }
  const body = cached.encodedNow(encoding);
  if (!body) return encoding;
  reply.header('content-encoding', encoding).send(body);
  return true;
}

/**
 * Compresses answers of a compressible type over COMPRESS_MIN_BYTES that are sent whole (a
 * string or a buffer) for clients that accept brotli or gzip. Streams are left alone: files come
 * precompressed from the build (@fastify/static's `preCompressed`), and the server-sent-event
 * stream is written to the socket as it goes (and is `text/event-stream`, never buffered here).
 */
export function registerCompression(app: FastifyInstance): void {
  app.decorateReply('negotiated', false);
  // A callback hook: most answers are small, not asked compressed, or negotiated already (a
  // cached answer, sendCachedTextNow), and leave at once.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.negotiated) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (payload.length < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding'))
      return done(null, payload);
    const status = reply.statusCode;
    if (status < 200 || status === 204 || status === 206 || status === 304)
      return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return done(null, payload);
    const compressed = (error: Error | null, body: Buffer) => {
      if (error) return done(error);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    };
    if (encoding === 'br') zlib.brotliCompress(payload, FAST_BROTLI, compressed);
    else zlib.gzip(payload, GZIP, compressed);
  });
}
