import { localeQueryObjectSchema, orgParamsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { optionalSession } from '../../http/context';
import type { Services } from '../../services';
import { viewerOf } from '../../services/viewer-service';
import { bundlesAnswerSchema, errorBodySchema, organisationViewSchema } from './schemas';

const NO_ORGANISATION = 'No organisation at this address';

export const organisationRoutes =
  (
    services: Services,
    hostOptions: { baseDomain: string; defaultOrg: string },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations, sessions, db } = services;
    /** The viewer of an organisation: a token that is not good here is simply a visitor. */
    const viewerFor = async (request: Parameters<typeof optionalSession>[0], alias: string) => {
      const org = await organisations.find(alias);
      return org ? viewerOf(db, org.id, await optionalSession(request, sessions, org)) : undefined;
    };
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
        const alias = await organisations.aliasForHost(
          request.headers.host,
          hostOptions.baseDomain,
          hostOptions.defaultOrg,
        );
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
        const viewer = await viewerFor(request, request.params.org);
        const json =
          viewer &&
          (await organisations.viewJson(request.params.org, request.query.locale, viewer));
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
        const viewer = await viewerFor(request, request.params.org);
        const bundles = viewer && (await organisations.bundles(request.params.org, viewer));
        if (!bundles) throw notFound(NO_ORGANISATION);
        return { bundles };
      },
    );
  };
