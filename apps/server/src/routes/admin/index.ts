import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';
import { peopleRoutes } from './people';

/**
 * The organisation console's API (docs/design.md §15), under `/api/org/{org}/admin`: 401 without
 * a session; the use cases refuse anyone but the organisation's administrators (403,
 * policies/admin.ts).
 */
export const adminRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { admin } = services;

    app.route({
      ...fromTable('adminAudit'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await admin.auditLog(org, viewer, request.query),
        );
      },
    });

    app.route({
      ...fromTable('adminAuditCsv'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { filename, text } = await admin.auditCsv(org, viewer, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(text);
      },
    });

    await app.register(peopleRoutes(services));
  };
