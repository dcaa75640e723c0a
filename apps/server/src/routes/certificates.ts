import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../http/errors';
import { signedIn } from '../http/request-context';
import { fromTable } from '../http/route-table';
import type { Services } from '../services';

/**
 * Certificates (docs/design.md §16): the public verify answer, PDF and Open Badge (any host, no
 * session), the issuer's keys and Profile (its own host), the learner's own list, and the
 * console's list and revocation (administrators only, 403 else).
 */
export const certificateRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { certificates, openBadges } = services;

    app.route({
      ...fromTable('verifyCertificate'),
      handler: async (request, reply) => {
        const answer = await certificates.verify(
          request.params.certificateId,
          request.query.locale,
        );
        // A revocation shows at once: never kept by a cache.
        return sendJson(reply.header('cache-control', 'no-store'), answer);
      },
    });

    app.route({
      ...fromTable('verifyCertificatePdf'),
      handler: async (request, reply) => {
        const { filename, pdf } = await certificates.pdf(
          request.params.certificateId,
          request.query.locale,
        );
        return (
          reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', `inline; filename="${filename}"`)
            .header('cache-control', 'no-store')
            // Bytes, documented as the application/pdf answer of the route table.
            .send(pdf as unknown as string)
        );
      },
    });

    app.route({
      ...fromTable('verifyCertificateBadge'),
      handler: async (request, reply) => {
        const { filename, jwt } = await openBadges.badge(
          request.params.certificateId,
          request.query.locale,
        );
        return reply
          .header('content-type', 'application/vc+jwt')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(jwt);
      },
    });

    // Read by wallets and verifiers anywhere, browsers included: public, no credentials.
    app.route({
      ...fromTable('openBadgeKeys'),
      handler: async (request, reply) =>
        sendJson(
          reply
            .header('access-control-allow-origin', '*')
            .header('cache-control', 'public, max-age=300'),
          await openBadges.jwks(request.headers.host),
        ),
    });

    app.route({
      ...fromTable('openBadgeIssuer'),
      handler: async (request, reply) => {
        const { org, locale } = request.ctx;
        return sendJson(
          reply
            .header('access-control-allow-origin', '*')
            .header('cache-control', 'public, max-age=300'),
          openBadges.issuer(org, locale),
        );
      },
    });

    app.route({
      ...fromTable('myCertificates'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await certificates.mine(org, viewer.userId, locale),
        );
      },
    });

    app.route({
      ...fromTable('adminCertificates'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await certificates.list(org, viewer, request.query, locale),
        );
      },
    });

    app.route({
      ...fromTable('revokeCertificate'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const answer = await certificates.revoke(
          org,
          viewer,
          request.params.certificateId,
          request.body.reason,
          locale,
        );
        return sendJson(reply, answer);
      },
    });
  };
