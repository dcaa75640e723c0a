import { errorText } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { fromTable } from '../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../http/errors';
import type { HealthService } from '../services/health-service';

/**
 * Closes connections after their answer while draining, and counts the requests in their
 * handlers for the liveness check (a request stuck there means a wedged process), on the root
 * instance: from the handler until the connection's answer is over (`close`: sent, or the client
 * left, in which case Fastify sends nothing and the reply is never `sent`). Uploads read their
 * body in the handler and may be slow: they are not counted.
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

/** /healthz's answer when alive, serialised once (its schema documents the shape). */
const ALIVE = JSON.stringify({ status: 'ok' });

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...fromTable('alive'),
      handler: async (_request, reply) => {
        const wedged = health.wedged();
        if (wedged) return sendError(reply, 503, errorText('serverWedged', { reason: wedged }));
        // The same answer every time (a probe asks every few seconds): written once.
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload: string) => payload)
          .send(ALIVE as never);
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
