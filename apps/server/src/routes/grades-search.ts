import { fromTable } from '../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../http/errors';
import { signedIn } from '../http/request-context';
import type { Services } from '../services';

export const gradeAndSearchRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { grades, search, events } = services;

    app.route({
      ...fromTable('grade'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { topicId, index } = request.params;
        return sendJson(reply, { scores: await grades.grade(org, topicId, index, viewer) });
      },
    });

    app.route({
      ...fromTable('search'),
      // Many learners can share one address (a school's network): the limit only stops floods.
      config: { rateLimit: { max: 1_200 * services.rateLimitScale, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const { org, viewer, locale } = request.ctx;
        const { keywords, topicGroup } = request.query;
        return sendJson(reply, {
          topics: await search.search(org, keywords, locale, viewer, topicGroup),
        });
      },
    });

    app.route({
      ...fromTable('analyticsEvent'),
      config: { rateLimit: { max: 600 * services.rateLimitScale, timeWindow: '1 minute' } },
      handler: async (request) => {
        const { org, viewer } = request.ctx;
        await events.record(org, viewer.userId, request.body);
        return { success: true as const };
      },
    });
  };
