import { aliveAnswerSchema, errorBodySchema, readyAnswerSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from '../services/health-service';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          response: { 200: aliveAnswerSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary: 'The database answers',
          response: {
            200: readyAnswerSchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        try {
          await health.ready();
          return { status: 'ready' as const };
        } catch (err) {
          request.log.warn({ err }, 'database is not ready');
          return reply.code(503).send({ errors: ['The database is not answering'] });
        }
      },
    );
  };
