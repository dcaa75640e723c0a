import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';

export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts, privacy } = services;
    const scale = services.rateLimitScale;
    /** A second limit, by the signed-in account, over the route's per-address one. */
    const perAccount = (name: string, max: number, timeWindow: string) =>
      perKeyLimit(app, {
        max: max * scale,
        timeWindow,
        keyGenerator: (request) => `${name}:${request.ctx.session?.userId ?? request.ip}`,
      });

    app.route({
      ...fromTable('account'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { account: await accounts.account(org, viewer.userId, locale) };
      },
    });

    app.route({
      ...fromTable('updateAccount'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        return { account: await accounts.update(org, viewer.userId, request.body, locale) };
      },
    });

    app.route({
      ...fromTable('setProfilePicture'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        return { file: await accounts.setProfilePicture(org, viewer.userId, request.body) };
      },
    });

    app.route({
      ...fromTable('removeProfilePicture'),
      config: { session: 'required' },
      handler: async (request) => {
        const { org, viewer } = signedIn(request);
        await accounts.removeProfilePicture(org, viewer.userId);
        return { file: null };
      },
    });

    app.route({
      ...fromTable('changePassword'),
      // Like sign-in: by address, and by account (guesses at the current password).
      config: { session: 'required', rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      preHandler: perAccount('password', 10, '15 minutes'),
      handler: async (request) => {
        const { org, viewer, session } = signedIn(request);
        await accounts.changePassword(org, viewer.userId, session.token, request.body);
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('changeEmail'),
      config: { session: 'required', rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      preHandler: perAccount('email', 5, '1 hour'),
      handler: async (request) => {
        const { org, viewer, locale } = signedIn(request);
        await accounts.requestEmailChange(org, viewer.userId, request.body.email, locale);
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('confirmEmail'),
      config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      handler: async (request) => {
        const { org } = request.ctx;
        await accounts.confirmEmail(org, request.body.token);
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('exportAccount'),
      config: { session: 'required', rateLimit: { max: 10 * scale, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const { org, viewer } = signedIn(request);
        const document = await privacy.exportOf(org, viewer.userId);
        // Saved as a file by a browser that opens the address; read as JSON by a script.
        void reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${org.alias}-account-${document.exportedAt.slice(0, 10)}.json"`,
          );
        return document;
      },
    });

    app.route({
      ...fromTable('eraseAccount'),
      // Like a password change: by address, and by account (guesses at the password).
      config: { session: 'required', rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      preHandler: perAccount('erase', 10, '15 minutes'),
      handler: async (request) => {
        const { org, viewer, session } = signedIn(request);
        await privacy.eraseSelf(org, viewer.userId, session.token, request.body);
        return { success: true as const };
      },
    });
  };
