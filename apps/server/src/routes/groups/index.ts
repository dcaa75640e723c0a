import {
  adminGroupsAnswerSchema,
  groupMembersAnswerSchema,
  localeQueryObjectSchema,
  memberReportAnswerSchema,
  membersQuerySchema,
  orgParamsSchema,
  successAnswerSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { errorBodySchema, idSchema } from '../org/schemas';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

const groupParams = orgParamsSchema.extend({ groupId: idSchema });
const accountId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an account id');
const memberParams = groupParams.extend({ accountId });
/**
 * A group's page for its administrators (docs/design.md §12): members and their progress, seats,
 * invitations (routes/invitations), the cohorts under it. Every route answers 404 to a learner
 * outside the group (another buyer's cohort) and 403 to a member.
 */
export const groupRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { groups } = services;

    app.get(
      '/api/org/:org/userGroup',
      {
        schema: {
          tags: ['groups'],
          summary: 'The user groups the signed-in learner administers',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: adminGroupsAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { groups: await groups.adminGroups(org, viewer, request.query.locale ?? locale) };
      },
    );

    app.get(
      '/api/org/:org/userGroup/:groupId/members',
      {
        schema: {
          tags: ['groups'],
          summary:
            'A group’s members with their progress per topic and worksheet, its seats and invitations (administrators only), paged and sorted',
          params: groupParams,
          querystring: membersQuerySchema,
          response: { 200: groupMembersAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        // Up to 100 members with their progress: serialised once, its shape is the domain type's.
        return sendJson(
          reply,
          await groups.members(org, viewer, request.params.groupId, request.query, locale),
        );
      },
    );

    app.get(
      '/api/org/:org/userGroup/:groupId/members.csv',
      {
        schema: {
          tags: ['groups'],
          summary:
            'The members table as CSV: one line per member, topic and worksheet, filtered and sorted as the table',
          params: groupParams,
          querystring: membersQuerySchema.omit({ limit: true, offset: true }),
          response: { 200: z.string(), ...errors },
        },
        config: { session: 'required' },
      },
      async (request, reply) => {
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
    );

    app.delete(
      '/api/org/:org/userGroup/:groupId/members/:accountId',
      {
        schema: {
          tags: ['groups'],
          summary:
            'Remove a member from the group: their seat is free again, their workbook stays theirs',
          params: memberParams,
          response: { 200: successAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        const { org, viewer } = signedIn(request);
        const { groupId, accountId: member } = request.params;
        await groups.removeMember(org, viewer, groupId, member);
        return { success: true as const };
      },
    );

    app.get(
      '/api/org/:org/userGroup/:groupId/members/:accountId/topic/:topicId/worksheet/:index',
      {
        schema: {
          tags: ['groups'],
          summary:
            'A member’s report card for one worksheet, read-only; answers only when constraints.adminsSeeAnswers is on',
          params: memberParams.extend({
            topicId: idSchema,
            index: z.coerce.number().int().min(0).max(1_000),
          }),
          querystring: localeQueryObjectSchema,
          response: { 200: memberReportAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
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
    );
  };
