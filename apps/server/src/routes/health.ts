import { errorText, routeOf } from '@portal/domain';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import { fromTable } from '../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../http/errors';
import type { HealthService, Watch } from '../services/health-service';

/**
 * The probes' addresses, asked every few seconds by the infrastructure: their routine answers
 * are counted on /metrics but not written to the access log, and their handlers are not
 * watched (/healthz answers at once; /readyz gives the database READY_TIMEOUT_MS).
 */
export const PROBES: ReadonlySet<string> = new Set([routeOf('alive').path, routeOf('ready').path]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The liveness check's watch of this request while it is in its handler (trackHandlers). */
    watch: Watch | null;
  }
}

/** Ends the watch of a request whose answer is sent (trackHandlers), if it was watched. */
export function endWatch(health: HealthService, request: FastifyRequest): void {
  const { watch } = request;
  if (watch) health.finished(watch);
}

/** A request no longer needs watching once its answer has begun, or its client has left. */
const replyAnswered = (reply: FastifyReply) => reply.sent || reply.raw.destroyed;

/**
 * Counts the requests in their handlers for the liveness check (a request stuck there means a
 * wedged process): the first preHandler of every route registered after this (before the
 * request context is resolved, which may wait on the database), from there until its answer is
 * sent (`endWatch`, called by the route's first onResponse hook: app.ts) or its client has left
 * (Fastify then sends nothing and runs no onResponse: the liveness check and a sweep every 10 s
 * drop it, HealthService). Nothing is added to the connection per request (the request floor,
 * issue 29). Uploads read their body in the handler and may be slow: a multipart route is not
 * counted, nor are the probes. Routes only: a 404 is answered at once.
 */
export function trackHandlers(app: FastifyInstance, health: HealthService): void {
  app.decorateRequest('watch', null);
  const track: preHandlerHookHandler = (request, reply, done) => {
    request.watch = health.started(reply, replyAnswered);
    done();
  };
  app.addHook('onRoute', (route) => {
    const consumes = (route.schema as { consumes?: readonly string[] } | undefined)?.consumes;
    if (consumes?.includes('multipart/form-data') || PROBES.has(route.url)) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    if (own.includes(track)) return; // a HEAD route made from its GET's options
    route.preHandler = [track, ...own];
  });
  app.addHook('onClose', async () => health.close());
}

/** /healthz's answer when alive, serialised once (its schema documents the shape). */
const ALIVE = JSON.stringify({ status: 'ok' });
const JSON_TYPE = 'application/json; charset=utf-8';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...fromTable('alive'),
      // The same answer every time (a probe asks every few seconds): serialised once, sent as
      // JSON text (Fastify sends a string with a JSON type as it is), by a synchronous handler.
      handler: (_request, reply) => {
        const wedged = health.wedged();
        if (wedged) sendError(reply, 503, errorText('serverWedged', { reason: wedged }));
        else reply.header('content-type', JSON_TYPE).send(ALIVE as never);
      },
    });
    app.route({
      ...fromTable('ready'),
      handler: async () => {
        await health.ready();
        return { status: 'ready' as const };
      },
    });
  };
