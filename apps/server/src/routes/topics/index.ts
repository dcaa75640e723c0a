import type { FastifyRequest } from 'fastify';
import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedText, sendCachedTextNow } from '../../http/compression';
import type { Services } from '../../services';

export const topicRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { topics, organisations } = services;

    app.route({
      ...fromTable('topic'),
      // Serialised once per topic, locale and audience, and sent as it is (the schema above
      // documents its shape): at once when the answer is fresh here (a synchronous handler, no
      // promise), else once it is read.
      handler: (request, reply) => {
        const { org, viewer, locale } = request.ctx;
        const { topicId } = request.params;
        const fresh = topics.freshTopicAnswer(org, topicId, viewer, locale);
        if (fresh && sendCachedTextNow(request, reply, fresh) === true) return;
        return (async () =>
          sendCachedText(
            request,
            reply,
            fresh ?? (await topics.topicAnswer(org, topicId, viewer, locale)),
          ))();
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
