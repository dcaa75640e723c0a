import type { FastifyRequest } from 'fastify';
import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedText } from '../../http/compression';
import type { Services } from '../../services';

export const topicRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { topics, organisations } = services;

    app.route({
      ...fromTable('topic'),
      handler: async (request, reply) => {
        const { org, viewer, locale } = request.ctx;
        // Serialised once per topic, locale and audience, and sent as it is (the schema above
        // documents its shape).
        return sendCachedText(
          request,
          reply,
          await topics.topicAnswer(org, request.params.topicId, viewer, locale),
        );
      },
    });

    app.route({
      ...fromTable('unlockingBundles'),
      handler: async (request) => {
        const { org, viewer } = request.ctx;
        return {
          bundles: await organisations.unlockingBundles(org, request.params.topicId, viewer),
        };
      },
    });

    const contentHandler = async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { parent?: string } }>,
    ) => {
      const { org, viewer, locale } = request.ctx;
      return {
        content: await topics.content(org, request.params.id, request.query.parent, viewer, locale),
      };
    };
    app.route({ ...fromTable('content'), handler: contentHandler });
    app.route({ ...fromTable('contentSlash'), handler: contentHandler });
  };
