import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../http/errors';
import { signedIn } from '../http/request-context';
import { fromTable } from '../http/route-table';
import type { Services } from '../services';

/**
 * Mail notices (docs/design.md §17): the learner's preferences, and the unsubscribe link of every
 * notice, which works without a session (its token is signed with the organisation's key). The
 * one-click POST of RFC 8058 comes from a mail client as a form (`List-Unsubscribe=One-Click`).
 */
export const notificationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { notifications } = services;

    // Only in this plugin: the one-click POST's form body (read, never needed: the link says it all).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.route({
      ...fromTable('myNotifications'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await notifications.mine(org, viewer.userId),
        );
      },
    });

    app.route({
      ...fromTable('saveNotifications'),
      config: { session: 'required' },
      handler: async (request, reply) => {
        const { org, viewer, locale } = signedIn(request);
        return sendJson(reply, await notifications.save(org, viewer.userId, request.body, locale));
      },
    });

    app.route({
      ...fromTable('unsubscribeLink'),
      handler: async (request, reply) => {
        const { org } = request.ctx;
        return sendJson(
          reply.header('cache-control', 'no-store'),
          await notifications.unsubscribeLink(org, request.params.token),
        );
      },
    });

    app.route({
      ...fromTable('unsubscribe'),
      handler: async (request, reply) => {
        const { org } = request.ctx;
        return sendJson(reply, await notifications.unsubscribe(org, request.params.token));
      },
    });
  };
