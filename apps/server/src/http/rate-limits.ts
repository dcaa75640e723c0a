import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorText, type ErrorParam } from '@portal/domain';
import { HttpError } from './errors';

const UNITS = {
  second: 'durationSecond',
  minute: 'durationMinute',
  hour: 'durationHour',
  day: 'durationDay',
} as const;

/**
 * A wait as the rate limiter writes it ("1 minute", "30 seconds", "2 minute(s)"), as a message
 * of the catalogue so that it is written in the learner's locale.
 */
export function waitOf(after: string): ErrorParam {
  const [count = '', word = ''] = after.split(' ');
  const unit = Object.keys(UNITS).find((name) => word.startsWith(name)) as
    keyof typeof UNITS | undefined;
  if (!unit || !/^\d+$/.test(count)) return after;
  return errorText(UNITS[unit], { count, plural: word.slice(unit.length) });
}

export const tooMany = (after: string, retryAfterSeconds?: number) =>
  Object.assign(new HttpError(429, errorText('tooManyAttempts', { after: waitOf(after) })), {
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
