import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';

/**
 * The console's user groups and bundles (docs/design.md §15), under `/api/org/{org}/admin`: 401
 * without a session; the use cases refuse anyone but the organisation's administrators (403).
 */
export const adminGroupRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { admin } = services;
    const config = { session: 'required' as const };

    app.route({
      ...fromTable('consoleGroups'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await admin.groups(org, viewer, locale),
        );
      },
    });

    app.route({
      ...fromTable('createConsoleGroup'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        // A creation answers 201, as the studio's; the table documents its shape as 200's.
        return sendJson(
          reply.code(201 as 200),
          await admin.createGroup(org, viewer, request.body, locale),
        );
      },
    });

    app.route({
      ...fromTable('saveConsoleGroup'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId } = request.params;
        return sendJson(reply, await admin.saveGroup(org, viewer, groupId, request.body, locale));
      },
    });

    app.route({
      ...fromTable('addConsoleGroupAdmin'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId } = request.params;
        return sendJson(
          reply,
          await admin.addGroupAdmin(org, viewer, groupId, request.body.email, locale),
        );
      },
    });

    app.route({
      ...fromTable('removeConsoleGroupAdmin'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId, accountId } = request.params;
        return sendJson(
          reply,
          await admin.removeGroupAdmin(org, viewer, groupId, accountId, locale),
        );
      },
    });

    app.route({
      ...fromTable('saveConsoleGroupSso'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId } = request.params;
        return sendJson(
          reply,
          await admin.saveGroupSso(org, viewer, groupId, request.body, locale),
        );
      },
    });

    app.route({
      ...fromTable('testConsoleGroupSso'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { groupId } = request.params;
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await admin.testGroupSso(org, viewer, groupId, request.body),
        );
      },
    });

    app.route({
      ...fromTable('consoleBundles'),
      config,
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await admin.bundles(org, viewer, locale),
        );
      },
    });

    app.route({
      ...fromTable('createConsoleBundle'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.code(201 as 200),
          await admin.createBundle(org, viewer, request.body.bundle),
        );
      },
    });

    app.route({
      ...fromTable('saveConsoleBundle'),
      config,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const { bundleId } = request.params;
        return sendJson(reply, await admin.saveBundle(org, viewer, bundleId, request.body.bundle));
      },
    });
  };
