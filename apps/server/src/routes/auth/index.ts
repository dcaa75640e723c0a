import type { signupBodySchema } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';

export const FORGOT_ANSWER = { success: true as const };

export const authRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts, sessions } = services;
    const scale = services.rateLimitScale;
    const bodyKey = (field: string) => (request: FastifyRequest) => {
      const value = (request.body as Record<string, unknown> | undefined)?.[field];
      const params = request.params as { org?: string };
      return `${field}:${params.org}:${typeof value === 'string' ? value.trim().toLowerCase() : ''}`;
    };

    app.route({
      ...fromTable('login'),
      config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      // Guesses at one account from one address: by the account the username or email names
      // (both count as one), and by address, so a stranger's guesses stop the stranger and
      // never lock the learner out (issue 16 F8). Guesses from many addresses are slowed
      // down instead (AccountService.login).
      preHandler: perKeyLimit(app, {
        max: 10 * scale,
        timeWindow: '15 minutes',
        keyGenerator: async (request) => {
          const { username } = request.body as { username: string };
          return `login:${await accounts.loginLimitKey(request.ctx.org, username)}:${request.ip}`;
        },
      }),
      handler: async (request) => {
        const { token, joined } = await accounts.login(
          request.ctx.org,
          request.body,
          request.ctx.locale,
        );
        return { token, ...(joined && { joined }) };
      },
    });

    const signupConfig = { rateLimit: { max: 20 * scale, timeWindow: '1 hour' } };
    const signupHandler = async (
      request: FastifyRequest<{
        Params: { org: string; suffix?: string };
        Body: z.infer<typeof signupBodySchema>;
      }>,
    ) => {
      const inviteId = request.body.inviteId || request.params.suffix;
      const { token, joined } = await accounts.signup(
        request.ctx.org,
        { ...request.body, ...(inviteId && { inviteId }) },
        request.ctx.locale,
      );
      return { token, ...(joined && { joined }) };
    };
    app.route({ ...fromTable('signup'), config: signupConfig, handler: signupHandler });
    app.route({ ...fromTable('signupWithSuffix'), config: signupConfig, handler: signupHandler });

    app.route({
      ...fromTable('forgotPassword'),
      config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      preHandler: perKeyLimit(app, {
        max: 5 * scale,
        timeWindow: '1 hour',
        keyGenerator: bodyKey('email'),
      }),
      handler: async (request) => {
        const { org, locale } = request.ctx;
        // The same answer for every email, before any work (done after it: AccountService.forgot).
        accounts.forgot(org, request.body.email, locale, requestAddress(request));
        return FORGOT_ANSWER;
      },
    });
    app.addHook('onClose', () => accounts.settle());

    app.route({
      ...fromTable('resetPassword'),
      config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      handler: async (request) => {
        await accounts.reset(
          request.ctx.org,
          request.params.email,
          request.params.token,
          request.body.password,
        );
        return { success: true as const };
      },
    });

    app.route({
      ...fromTable('logout'),
      config: { session: 'required' },
      handler: async (request) => {
        await sessions.revoke(signedIn(request).session.token);
        return { success: true as const };
      },
    });
  };
