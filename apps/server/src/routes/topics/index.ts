import { localeQuerySchema, orgParamsSchema, resolveLocale } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalSession, organisationOrThrow } from '../../http/context';
import { sendJson } from '../../http/errors';
import type { Services } from '../../services';
import { viewerOf } from '../../services/viewer-service';
import { clientErrors as errors, idSchema } from '../org/schemas';

export const topicRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations, sessions, topics } = services;

    app.get(
      '/api/org/:org/topic/:topicId',
      {
        schema: {
          tags: ['topics'],
          summary:
            'A topic with its pages, fragments and fields, localised; "general" is the general topic',
          params: orgParamsSchema.extend({ topicId: idSchema }),
          querystring: z.object({ locale: localeQuerySchema.optional() }),
          response: {
            200: z.object({
              topic: z
                .any()
                .describe(
                  'Topic (spec §3) with pages, fragments and fields; see TopicView in packages/domain',
                ),
            }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const viewer = await viewerOf(
          services.db,
          org.id,
          await optionalSession(request, sessions, org),
        );
        const locale = resolveLocale(request.query.locale, org.settings.locales);
        return sendJson(reply, {
          topic: await topics.topic(org, request.params.topicId, viewer, locale),
        });
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
        response: {
          200: z.object({ content: z.object({ body: z.string(), locale: z.string() }) }),
          ...errors,
        },
      },
    };
    const contentHandler = async (
      request: {
        params: { org: string; id: string };
        query: { parent?: string; locale?: string };
      } & Parameters<typeof optionalSession>[0],
    ) => {
      const org = await organisationOrThrow(organisations, request.params.org);
      const viewer = await viewerOf(
        services.db,
        org.id,
        await optionalSession(request, sessions, org),
      );
      const locale = resolveLocale(request.query.locale, org.settings.locales);
      return {
        content: await topics.content(org, request.params.id, request.query.parent, viewer, locale),
      };
    };
    app.get('/api/org/:org/:id/content', contentRoute, contentHandler);
    app.get('/api/org/:org/:id/content/', contentRoute, contentHandler);
  };
