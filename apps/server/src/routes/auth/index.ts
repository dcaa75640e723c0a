import {
  forgotBodySchema,
  localeQueryObjectSchema,
  loginBodySchema,
  orgParamsSchema,
  resetBodySchema,
  resetParamsSchema,
  signupBodySchema,
  successAnswerSchema,
  tokenAnswerSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perKeyLimit } from '../../http/rate-limits';
import { signedIn } from '../../http/request-context';
import type { Services } from '../../services';
import { requestAddress } from '../../services/site-links';
import { errorBodySchema } from '../org/schemas';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

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

    app.post(
      '/api/org/:org/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username or email and password',
          params: orgParamsSchema,
          body: loginBodySchema,
          response: { 200: tokenAnswerSchema, ...errors },
        },
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
      },
      async (request) => {
        const { token, joined } = await accounts.login(
          request.ctx.org,
          request.body,
          request.ctx.locale,
        );
        return { token, ...(joined && { joined }) };
      },
    );

    const signup = {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (with inviteId where self signup is disabled)',
        params: orgParamsSchema.extend({ suffix: z.string().max(100).optional() }),
        body: signupBodySchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
      config: { rateLimit: { max: 20 * scale, timeWindow: '1 hour' } },
    };
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
    app.post('/api/org/:org/signup', signup, signupHandler);
    app.post('/api/org/:org/signup/:suffix', signup, signupHandler);

    app.post(
      '/api/org/:org/login/forgot',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Mail a password reset link; the answer is the same whether or not the email has an account',
          params: orgParamsSchema,
          querystring: localeQueryObjectSchema,
          body: forgotBodySchema,
          response: { 200: successAnswerSchema, ...errors },
        },
        config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
        preHandler: perKeyLimit(app, {
          max: 5 * scale,
          timeWindow: '1 hour',
          keyGenerator: bodyKey('email'),
        }),
      },
      async (request) => {
        const { org, locale } = request.ctx;
        // The same answer for every email, before any work (done after it: AccountService.forgot).
        accounts.forgot(org, request.body.email, locale, requestAddress(request));
        return FORGOT_ANSWER;
      },
    );
    app.addHook('onClose', () => accounts.settle());

    app.put(
      '/api/org/:org/login/reset/:email/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link (works once, for one hour)',
          params: resetParamsSchema,
          body: resetBodySchema,
          response: { 200: successAnswerSchema, ...errors },
        },
        config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      },
      async (request) => {
        await accounts.reset(
          request.ctx.org,
          request.params.email,
          request.params.token,
          request.body.password,
        );
        return { success: true as const };
      },
    );

    app.post(
      '/api/org/:org/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Revoke this sign-in token',
          params: orgParamsSchema,
          response: { 200: successAnswerSchema, ...errors },
        },
        config: { session: 'required' },
      },
      async (request) => {
        await sessions.revoke(signedIn(request).session.token);
        return { success: true as const };
      },
    );
  };
