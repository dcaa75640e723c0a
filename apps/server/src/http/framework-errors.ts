import http from 'node:http';
import type { Socket } from 'node:net';
import { formatError, SUPPORTED_LOCALES, type PlainErrorCode } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_SECURITY_HEADERS_HTTP } from './security-headers';

/**
 * Fastify's router answers a URL it cannot decode (400) or with a path parameter over
 * `maxParamLength` (414) itself, before any hook or the error handler, in its own body that
 * echoes the URL. Issue 16's fuzzer found it: they answer the error body of design §4 like every
 * other error, and say nothing of the URL.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  // The router's request here does not apply TRUST_PROXY, so https cannot be told: no HSTS.
  reply.headers(API_SECURITY_HEADERS_HTTP).type('application/json; charset=utf-8');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send({
      errors: ['The address is too long.'],
      errfor: { url: 'has a part that is too long' },
    });
  if (error.code === 'FST_ERR_BAD_URL')
    return reply.code(400).send({
      errors: ['The address is not valid.'],
      errfor: { url: 'is not a valid address' },
    });
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send({ errors: ['The request is not valid.'] });
}

/** The catalogue's message of each status (packages/domain), in every locale. */
const CLIENT_ERRORS = {
  408: 'requestTooSlow',
  431: 'headersTooLong',
  400: 'notValidHttp',
} as const satisfies Record<number, PlainErrorCode>;

const inEveryLocale = (code: PlainErrorCode) =>
  Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, formatError(code, locale)]));

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a request line or headers over
 * 16 KiB, a malformed request, a request too slow to arrive): Fastify's own answer had its own
 * body and no `Connection: close`, so a keep-alive client could send its next request into the
 * closing socket. Found by issue 16's fuzzer over real HTTP. There is no request, hence no locale:
 * the message comes in both.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  if (socket.writable) {
    const body = JSON.stringify({ errors: [inEveryLocale(CLIENT_ERRORS[status])] });
    // No request, so no telling whether it came over https: no HSTS.
    const headers = {
      ...API_SECURITY_HEADERS_HTTP,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
