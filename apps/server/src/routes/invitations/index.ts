import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';

/**
 * The one route set of invitations (docs/design.md §9): a group's seats and invitations for its
 * administrators (a buyer's cohort, or a group the organisation names them for), and the use of
 * an invitation by whoever holds its link. Every group route answers 404 to a learner outside
 * the group and 403 to a member who is not one of its administrators.
 */
export const invitationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { invitations, accounts } = services;

    app.route({
      ...fromTable('invitations'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return invitations.list(org, viewer, request.params.groupId);
      },
    });

    app.route({
      ...fromTable('invite'),
      config: {
        session: 'required',
        rateLimit: { max: 30 * services.rateLimitScale, timeWindow: '1 minute' },
      },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return invitations.invite(
          org,
          viewer,
          request.params.groupId,
          request.body,
          locale,
          requestAddress(request),
        );
      },
    });

    app.route({
      ...fromTable('resendInvite'),
      config: {
        session: 'required',
        rateLimit: { max: 60 * services.rateLimitScale, timeWindow: '1 minute' },
      },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        const { groupId, inviteId: id } = request.params;
        return {
          invitation: await invitations.resend(
            org,
            viewer,
            groupId,
            id,
            request.query.locale ?? locale,
            requestAddress(request),
          ),
        };
      },
    });

    app.route({
      ...fromTable('revokeInvite'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        const { groupId, inviteId: id } = request.params;
        return { invitation: await invitations.revoke(org, viewer, groupId, id) };
      },
    });

    app.route({
      ...fromTable('acceptInvite'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return accounts.acceptInvite(org, viewer.userId, request.params.inviteId, locale);
      },
    });
  };
