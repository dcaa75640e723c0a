import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const tooMany = (after: string, retryAfterSeconds?: number) =>
  Object.assign(new HttpError(429, `Too many attempts. Please wait ${after} and try again.`), {
    // The Retry-After header of the answer (http/errors.ts).
    retryAfterSeconds,
  });

/**
 * A second limit on a route, by a key of the request (the account it names), on top of the
 * per-IP limit set in the route's config. It runs after the body is parsed.
 */
export function perKeyLimit(
  app: FastifyInstance,
  options: {
    max: number;
    timeWindow: string;
    keyGenerator: (request: FastifyRequest) => string | Promise<string>;
  },
) {
  const check = app.createRateLimit(options);
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded)
      throw tooMany(`${Math.ceil(result.ttlInSeconds / 60)} minute(s)`, result.ttlInSeconds);
  };
}
