import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_SECURITY_HEADERS } from './security-headers';

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
  reply.headers(API_SECURITY_HEADERS).type('application/json; charset=utf-8');
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
