import { EN_US, type ApiErrorBody, type ErrorSay, type PlainErrorCode } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import {
  DomainError,
  isVerbatim,
  written,
  type DomainErrorKind,
  type Said,
} from '../services/errors';
import { requestLocale } from './request-locale';

/** The HTTP status of each kind of domain error. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-type': 415,
  'too-many': 429,
  unavailable: 503,
};

/** An error meant for the client, of the HTTP layer: its status, and its message by code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: Said,
    readonly errfor?: Readonly<Record<string, Said>>,
    /** More top-level fields of the error body, such as `oAuthGroupId`. */
    readonly extra?: Record<string, string>,
  ) {
    super(written(text, 'en-US'));
  }
}

/** The codes whose en-US text a schema gives as its message (`'is required'`), by that text. */
const FIELD_CODES = new Map<string, PlainErrorCode>(
  (['isRequired', 'mustBePhone', 'mustBeId'] as const).map((code) => [EN_US[code], code]),
);

/**
 * A schema's message (zod's, from the domain schemas, which the web's forms also read in their own
 * words): the catalogue's when it is one of the field messages above, else as it is.
 */
export function schemaMessage(message: string): Said {
  return FIELD_CODES.get(message) ?? { verbatim: message };
}

/**
 * Sends a value serialised once with JSON.stringify, skipping the route's response schema:
 * for large answers whose shape the domain types already guarantee (workbooks, topics, scores).
 * The route's schema still documents the shape in the OpenAPI document.
 */
export function sendJson(reply: FastifyReply, value: unknown) {
  return sendJsonText(reply, JSON.stringify(value));
}

/** Sends JSON text as it is. */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: string) => payload)
    .send(json as never);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  text: Said,
  errfor?: Readonly<Record<string, Said>>,
  extra?: Record<string, unknown>,
) {
  // Every message reaches the learner in the locale of the request, from its code.
  const locale = requestLocale(reply.request);
  const writtenErrfor =
    errfor &&
    Object.fromEntries(
      Object.entries(errfor).map(([field, said]) => [field, written(said, locale)]),
    );
  const body: ApiErrorBody = {
    ...extra,
    errors: [written(text, locale)],
    ...(writtenErrfor && { errfor: writtenErrfor }),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A route's own answer to a body over its limit (`config.bodyTooLarge`), e.g. 413 for workbooks. */
export interface BodyTooLarge {
  status: number;
  text: ErrorSay;
  errfor: Readonly<Record<string, ErrorSay>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    bodyTooLarge?: BodyTooLarge;
    /**
     * The body field whose inside `errfor` names by paths of its own (`pages.0.name`, not
     * `topic.pages.0.name`): a studio topic, whose paths the editor reads as the topic's.
     */
    errforUnder?: string;
  }
}

function fieldName(instancePath: string | undefined, context: string | undefined): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'request';
}

/**
 * One error handler for the whole API: validation problems are a 400 with `errfor`, domain
 * errors of the services get their status (STATUS_OF), other client errors keep their status
 * and message, and a 5xx says nothing of its cause. Every error body is
 * `{errors: [message], errfor?}`, which the browser's error-message extraction reads.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errfor: Record<string, Said> = {};
      for (const issue of error.validation) {
        let name = fieldName(issue.instancePath, error.validationContext);
        const under = request.routeOptions.config.errforUnder;
        if (under && name.startsWith(`${under}.`)) name = name.slice(under.length + 1);
        errfor[name] ??= schemaMessage(issue.message ?? 'is invalid');
      }
      const first = Object.entries(errfor)[0];
      return sendError(
        reply,
        400,
        first
          ? {
              code: 'invalidField',
              params: {
                field: first[0],
                reason: isVerbatim(first[1])
                  ? first[1].verbatim
                  : typeof first[1] === 'string'
                    ? { code: first[1] }
                    : first[1],
              },
            }
          : 'invalidRequest',
        errfor,
      );
    }
    // A 503 says when to try again; a 429 of a limit says it too (Retry-After, in seconds).
    if (error instanceof DomainError && error.kind === 'unavailable')
      reply.header('retry-after', '5');
    const retryAfter =
      error instanceof DomainError
        ? error.details.retryAfterSeconds
        : (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(Math.ceil(retryAfter)));
    if (error instanceof DomainError)
      return sendError(
        reply,
        STATUS_OF[error.kind],
        error.text,
        error.details.errfor,
        error.details.extra,
      );
    if (error instanceof HttpError)
      return sendError(reply, error.statusCode, error.text, error.errfor, error.extra);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const own = request.routeOptions.config.bodyTooLarge;
      if (own) return sendError(reply, own.status, own.text, own.errfor);
      // An oversized JSON body is bad input like any other: 400 with errfor.
      const limit = request.routeOptions.bodyLimit;
      return sendError(reply, 400, 'bodyTooLarge', {
        body: { code: 'atMostBytes', params: { max: limit ?? 'the allowed' } },
      });
    }
    // The database is away or stalled (refused, timed out, read-only, full): a clear 503 that
    // says to try again, never a 500 with a stack (issue 16, F4).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not answering');
      return sendError(reply.header('retry-after', '5'), 503, 'databaseUnavailable');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): clear and safe.
      const errfor =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? { body: { verbatim: error.message } }
          : undefined;
      return sendError(reply, status, { verbatim: error.message }, errfor);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internalError');
  });
}
