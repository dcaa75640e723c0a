import {
  acceptInviteAnswerSchema,
  bulkInviteAnswerSchema,
  bulkInviteBodySchema,
  invitationAnswerSchema,
  invitationsAnswerSchema,
  localeQueryObjectSchema,
  orgParamsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';
import { errorBodySchema, idSchema } from '../org/schemas';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

const inviteId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an invitation id');
const groupParams = orgParamsSchema.extend({ groupId: idSchema });
const inviteParams = groupParams.extend({ inviteId });
const acceptParams = orgParamsSchema.extend({ inviteId });

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

    app.get(
      '/api/org/:org/userGroup/:groupId/invites',
      {
        schema: {
          tags: ['invitations'],
          summary:
            'A group’s seats and invitations (open, pending, revoked; a used one is its member), administrators only',
          params: groupParams,
          querystring: localeQueryObjectSchema,
          response: { 200: invitationsAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer } = signedIn(request);
        return invitations.list(org, viewer, request.params.groupId);
      },
    );

    app.post(
      '/api/org/:org/userGroup/:groupId/invites',
      {
        schema: {
          tags: ['invitations'],
          summary:
            'Invite several people by pasted emails: each checked; invalid ones, members, those already invited and those beyond the seats are listed, not sent',
          params: groupParams,
          querystring: localeQueryObjectSchema,
          body: bulkInviteBodySchema,
          response: { 200: bulkInviteAnswerSchema, 429: errorBodySchema, ...errors },
        },
        config: {
          session: 'required',
          rateLimit: { max: 30 * services.rateLimitScale, timeWindow: '1 minute' },
        },
      },
      async (request) => {
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
    );

    app.post(
      '/api/org/:org/userGroup/:groupId/invites/:inviteId/resend',
      {
        schema: {
          tags: ['invitations'],
          summary: 'Mail a pending invitation again',
          params: inviteParams,
          querystring: localeQueryObjectSchema,
          response: { 200: invitationAnswerSchema, 429: errorBodySchema, ...errors },
        },
        config: {
          session: 'required',
          rateLimit: { max: 60 * services.rateLimitScale, timeWindow: '1 minute' },
        },
      },
      async (request) => {
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
    );

    app.post(
      '/api/org/:org/userGroup/:groupId/invites/:inviteId/revoke',
      {
        schema: {
          tags: ['invitations'],
          summary: 'Revoke an unused invitation: its link stops working, its seat is free',
          params: inviteParams,
          querystring: localeQueryObjectSchema,
          response: { 200: invitationAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer } = signedIn(request);
        const { groupId, inviteId: id } = request.params;
        return { invitation: await invitations.revoke(org, viewer, groupId, id) };
      },
    );

    app.post(
      '/api/org/:org/invite/:inviteId/accept',
      {
        schema: {
          tags: ['invitations'],
          summary:
            'The signed-in learner uses an invitation and joins its group (409 when already a member)',
          params: acceptParams,
          querystring: localeQueryObjectSchema,
          response: { 200: acceptInviteAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return accounts.acceptInvite(org, viewer.userId, request.params.inviteId, locale);
      },
    );
  };
