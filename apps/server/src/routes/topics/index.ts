import {
  bundlesAnswerSchema,
  contentAnswerSchema,
  localeQuerySchema,
  orgParamsSchema,
  topicAnswerSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedText } from '../../http/compression';
import type { Services } from '../../services';
import { clientErrors as errors, idSchema } from '../org/schemas';

export const topicRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { topics, organisations } = services;

    app.get(
      '/api/org/:org/topic/:topicId',
      {
        schema: {
          tags: ['topics'],
          summary:
            'A topic with its pages, fragments and fields, localised; "general" is the general topic',
          params: orgParamsSchema.extend({ topicId: idSchema }),
          querystring: z.object({ locale: localeQuerySchema.optional() }),
          response: { 200: topicAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { org, viewer, locale } = request.ctx;
        // Serialised once per topic, locale and audience, and sent as it is (the schema above
        // documents its shape).
        return sendCachedText(
          request,
          reply,
          await topics.topicAnswer(org, request.params.topicId, viewer, locale),
        );
      },
    );

    app.get(
      '/api/org/:org/topic/:topicId/bundles',
      {
        schema: {
          tags: ['topics', 'store'],
          summary:
            'The bundles that would open a topic the viewer may not see (none for one they may): what its private-topic screen offers',
          params: orgParamsSchema.extend({ topicId: idSchema }),
          querystring: z.object({ locale: localeQuerySchema.optional() }),
          response: { 200: bundlesAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const { org, viewer } = request.ctx;
        return {
          bundles: await organisations.unlockingBundles(org, request.params.topicId, viewer),
        };
      },
    );

    const contentRoute = {
      schema: {
        tags: ['topics'],
        summary: 'One content fragment (stored apart from its page), localised',
        params: orgParamsSchema.extend({ id: idSchema }),
        querystring: z.object({
          parent: idSchema.optional(),
          locale: localeQuerySchema.optional(),
        }),
        response: { 200: contentAnswerSchema, ...errors },
      },
    };
    const contentHandler = async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: { parent?: string } }>,
    ) => {
      const { org, viewer, locale } = request.ctx;
      return {
        content: await topics.content(org, request.params.id, request.query.parent, viewer, locale),
      };
    };
    app.get('/api/org/:org/:id/content', contentRoute, contentHandler);
    app.get('/api/org/:org/:id/content/', contentRoute, contentHandler);
  };
