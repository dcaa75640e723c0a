import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedText } from '../../http/compression';
import type { Services } from '../../services';
import { notFound } from '../../services/errors';

export const organisationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations } = services;
    app.route({
      ...fromTable('host'),
      handler: async (request) => {
        const alias = await organisations.aliasForHost(request.headers.host);
        if (!alias) throw notFound('noOrganisation');
        return { org: alias };
      },
    });

    app.route({
      ...fromTable('organisation'),
      handler: async (request, reply) => {
        const { org, viewer } = request.ctx;
        // Already serialised and cached: sent as it is (the schema above documents its shape).
        return sendCachedText(
          request,
          reply,
          await organisations.viewAnswer(org, request.query.locale, viewer),
        );
      },
    });

    app.route({
      ...fromTable('bundles'),
      handler: async (request) => {
        const { org, viewer } = request.ctx;
        return { bundles: await organisations.bundles(org, viewer) };
      },
    });
  };
