import {
  aliveAnswerSchema,
  errorBodySchema,
  errorText,
  readyAnswerSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../http/errors';
import type { HealthService } from '../services/health-service';

/**
 * Closes connections after their answer while draining, and counts the requests in their
 * handlers for the liveness check (a request stuck there means a
 * wedged process), on the root instance. Uploads read their body in the handler and may be slow:
 * they are not counted.
 */
export function trackHandlers(app: FastifyInstance, health: HealthService): void {
  // While shutting down, every answer closes its connection, so that clients that keep theirs
  // open (load balancers, browsers) leave and the process exits once they are answered.
  app.addHook('onRequest', (_request, reply, done) => {
    if (health.isDraining) reply.header('connection', 'close');
    done();
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.isMultipart()) {
      health.started(request.id, () => reply.sent);
      reply.raw.once('close', () => health.finished(request.id));
    }
    done();
  });
  app.addHook('onClose', async () => health.close());
}

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'The process is up and not wedged (its event loop turns, no request is stuck)',
          response: { 200: aliveAnswerSchema, 503: errorBodySchema },
        },
      },
      async (_request, reply) => {
        const wedged = health.wedged();
        if (wedged) return sendError(reply, 503, errorText('serverWedged', { reason: wedged }));
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary: 'The database answers (within 1.5 s), and the server is not shutting down',
          response: {
            200: readyAnswerSchema,
            503: errorBodySchema,
          },
        },
      },
      async () => {
        await health.ready();
        return { status: 'ready' as const };
      },
    );
  };
