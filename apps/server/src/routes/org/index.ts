import {
  bundlesAnswerSchema,
  hostAnswerSchema,
  localeQueryObjectSchema,
  organisationViewSchema,
  orgParamsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedText } from '../../http/compression';
import type { Services } from '../../services';
import { notFound } from '../../services/errors';
import { errorBodySchema } from './schemas';

export const organisationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations } = services;
    app.get(
      '/api/host',
      {
        schema: {
          tags: ['organisation'],
          summary: 'The organisation chosen by the host name of this request',
          response: { 200: hostAnswerSchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const alias = await organisations.aliasForHost(request.headers.host);
        if (!alias) throw notFound('noOrganisation');
        return { org: alias };
      },
    );

    app.get(
      '/api/org/:org',
      {
        schema: {
          tags: ['organisation'],
          summary: 'The organisation, localised (falls back to en-US)',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: organisationViewSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { org, viewer } = request.ctx;
        // Already serialised and cached: sent as it is (the schema above documents its shape).
        return sendCachedText(
          request,
          reply,
          await organisations.viewAnswer(org, request.query.locale, viewer),
        );
      },
    );

    app.get(
      '/api/org/:org/bundle',
      {
        schema: {
          tags: ['store'],
          summary: 'Bundles of the store',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: bundlesAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const { org, viewer } = request.ctx;
        return { bundles: await organisations.bundles(org, viewer) };
      },
    );
  };
