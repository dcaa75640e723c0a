import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';

/**
 * A group's page for its administrators (docs/design.md §12): members and their progress, seats,
 * invitations (routes/invitations), the cohorts under it. Every route answers 404 to a learner
 * outside the group (another buyer's cohort) and 403 to a member.
 */
export const groupRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { groups } = services;

    app.route({
      ...fromTable('adminGroups'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { groups: await groups.adminGroups(org, viewer, request.query.locale ?? locale) };
      },
    });

    app.route({
      ...fromTable('groupMembers'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        // Up to 100 members with their progress: serialised once, its shape is the domain type's.
        return sendJson(
          reply,
          await groups.members(org, viewer, request.params.groupId, request.query, locale),
        );
      },
    });

    app.route({
      ...fromTable('groupMembersCsv'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        const { filename, text } = await groups.csv(
          org,
          viewer,
          request.params.groupId,
          { ...request.query, limit: 100, offset: 0 },
          locale,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(text);
      },
    });

    app.route({
      ...fromTable('removeMember'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        const { groupId, accountId: member } = request.params;
        await groups.removeMember(org, viewer, groupId, member);
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('memberReport'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId, accountId: member, topicId, index } = request.params;
        return groups.memberReport(
          org,
          viewer,
          groupId,
          member,
          topicId,
          index,
          request.query.locale ?? locale,
        );
      },
    });
  };
