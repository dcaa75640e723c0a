import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';
import { orderRoutes } from './orders';
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

    app.route({
      ...fromTable('adminSettings'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(noStore(reply), await admin.settings(org, viewer));
      },
    });

    app.route({
      ...fromTable('saveAdminSettings'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(noStore(reply), await admin.saveSettings(org, viewer, request.body));
      },
    });

    app.route({
      ...fromTable('publishAdminSettings'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(reply, await admin.publishSettings(org, viewer, request.body.note));
      },
    });

    app.route({
      ...fromTable('adminSettingsVersions'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(noStore(reply), await admin.settingsVersions(org, viewer));
      },
    });

    app.route({
      ...fromTable('restoreAdminSettings'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(reply, await admin.restoreSettings(org, viewer, request.body.version));
      },
    });
    await app.register(peopleRoutes(services));
    await app.register(orderRoutes(services));
  };

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
