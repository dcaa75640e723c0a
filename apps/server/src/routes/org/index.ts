import { localeQueryObjectSchema, orgParamsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { OrganisationService } from '../../services/organisation-service';
import { bundlesAnswerSchema, errorBodySchema, organisationViewSchema } from './schemas';

const NO_ORGANISATION = 'No organisation at this address';

export const organisationRoutes =
  (organisations: OrganisationService, hostOptions: { baseDomain: string; defaultOrg: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/host',
      {
        schema: {
          tags: ['organisation'],
          summary: 'The organisation chosen by the host name of this request',
          response: { 200: z.object({ org: z.string() }), 404: errorBodySchema },
        },
      },
      async (request) => {
        const alias = await organisations.aliasForHost(request.headers.host, hostOptions.baseDomain, hostOptions.defaultOrg);
        if (!alias) throw notFound(NO_ORGANISATION);
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
        const json = await organisations.viewJson(request.params.org, request.query.locale);
        if (!json) throw notFound(NO_ORGANISATION);
        // Already serialised and cached: sent as it is (the schema above documents its shape).
        return reply
          .type('application/json; charset=utf-8')
          .serializer((payload: string) => payload)
          .send(json as never);
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
        const bundles = await organisations.bundles(request.params.org);
        if (!bundles) throw notFound(NO_ORGANISATION);
        return { bundles };
      },
    );
  };
