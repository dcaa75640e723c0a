import { errorText, PEOPLE_IMPORT_MAX_BYTES } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../../http/errors';
import { signedIn } from '../../http/request-context';
import { fromTable } from '../../http/route-table';
import type { Services } from '../../services';

/**
 * The console's People screen (docs/design.md §15), under `/api/org/{org}/admin/people` and
 * `/admin/people-import`: the organisation's administrators only (policies/admin.ts).
 */
export const peopleRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { people, privacy } = services;
    const session = { session: 'required' as const };
    const csvBody = {
      // A CSV of 50,000 people is large: its own limit, beyond which the answer is 413.
      bodyLimit: PEOPLE_IMPORT_MAX_BYTES + 64 * 1024,
      config: {
        session: 'required' as const,
        bodyTooLarge: {
          status: 413,
          text: 'bodyTooLarge' as const,
          errfor: { csv: errorText('atMostBytes', { max: PEOPLE_IMPORT_MAX_BYTES }) },
        },
      },
    };

    app.route({
      ...fromTable('adminPeople'),
      config: session,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await people.list(org, viewer, request.query),
        );
      },
    });

    app.route({
      ...fromTable('adminInvitePerson'),
      config: session,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const invited = await people.invite(org, viewer, request.body);
        return sendJson(reply.code(201 as 200), invited);
      },
    });

    app.route({
      ...fromTable('adminPerson'),
      config: session,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await people.detail(org, viewer, request.params.accountId),
        );
      },
    });

    app.route({
      ...fromTable('adminResendInvitation'),
      config: session,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.resend(org, viewer, request.params.accountId);
      },
    });

    app.route({
      ...fromTable('adminPersonRoles'),
      config: session,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.roles(org, viewer, request.params.accountId, request.body.roles);
      },
    });

    app.route({
      ...fromTable('adminPersonGroup'),
      config: session,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.group(org, viewer, request.params.accountId, request.body);
      },
    });

    app.route({
      ...fromTable('adminDeactivatePerson'),
      config: session,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.deactivate(org, viewer, request.params.accountId);
      },
    });

    app.route({
      ...fromTable('adminExportPerson'),
      config: session,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const document = await privacy.adminExport(org, viewer, request.params.accountId);
        void reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${org.alias}-person-${document.account.id}-${document.exportedAt.slice(0, 10)}.json"`,
          );
        return document;
      },
    });

    app.route({
      ...fromTable('adminErasePerson'),
      // The administrator's password is checked: guesses at it are limited as a sign-in's are.
      config: {
        session: 'required',
        rateLimit: { max: 10 * services.rateLimitScale, timeWindow: '1 minute' },
      },
      handler: async (request) => {
        const { org, viewer, session: signIn } = signedIn(request);
        await privacy.adminErase(org, viewer, signIn.token, request.params.accountId, request.body);
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('adminReactivatePerson'),
      config: session,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.reactivate(org, viewer, request.params.accountId);
      },
    });

    app.route({
      ...fromTable('adminPeopleDryRun'),
      ...csvBody,
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return people.dryRun(org, viewer, request.body.csv);
      },
    });

    app.route({
      ...fromTable('adminPeopleImport'),
      ...csvBody,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const started = await people.startImport(org, viewer, request.body.csv);
        return sendJson(reply.code(202 as 200), started);
      },
    });

    app.route({
      ...fromTable('adminPeopleImportStatus'),
      config: session,
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await people.importStatus(org, viewer, request.params.importId),
        );
      },
    });
  };
