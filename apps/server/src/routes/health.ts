import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database';

export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'The process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
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
            200: z.object({ status: z.literal('ready') }),
            503: z.object({ errors: z.array(z.string()) }),
          },
        },
      },
      async (request, reply) => {
        try {
          await db.ping();
          return { status: 'ready' as const };
        } catch (err) {
          request.log.warn({ err }, 'database is not ready');
          return reply.code(503).send({ errors: ['The database is not answering'] });
        }
      },
    );
  };
