import {
  forgotBodySchema,
  localeQueryObjectSchema,
  loginBodySchema,
  orgParamsSchema,
  resetBodySchema,
  resetParamsSchema,
  resolveLocale,
  signupBodySchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organisationOrThrow, requireSession } from '../../http/context';
import { perKeyLimit } from '../../http/rate-limits';
import type { Services } from '../../services';
import { errorBodySchema } from '../org/schemas';

const tokenAnswer = z.object({ token: z.string() });
const okAnswer = z.object({ success: z.literal(true) });
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

export const FORGOT_ANSWER = { success: true as const };

export const authRoutes =
  (
    services: Services,
    options: { baseDomain: string; defaultOrg: string; rateLimitScale: number },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { organisations, accounts, sessions } = services;
    const scale = options.rateLimitScale;
    const bodyKey = (field: string) => (request: FastifyRequest) => {
      const value = (request.body as Record<string, unknown> | undefined)?.[field];
      const params = request.params as { org?: string };
      return `${field}:${params.org}:${typeof value === 'string' ? value.trim().toLowerCase() : ''}`;
    };

    /** The site address for links in mail: the request's host when it picks this organisation. */
    async function originFor(request: FastifyRequest, alias: string): Promise<string> {
      const picked = await organisations.aliasForHost(
        request.headers.host,
        options.baseDomain,
        options.defaultOrg,
      );
      if (picked === alias && request.host) return `${request.protocol}://${request.host}`;
      const org = await organisations.find(alias);
      const host = org?.settings.hosts[0] ?? `${alias}.${options.baseDomain}`;
      return `https://${host}`;
    }

    app.post(
      '/api/org/:org/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username or email and password',
          params: orgParamsSchema,
          body: loginBodySchema,
          response: { 200: tokenAnswer, ...errors },
        },
        config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
        preHandler: perKeyLimit(app, {
          max: 10 * scale,
          timeWindow: '15 minutes',
          keyGenerator: bodyKey('username'),
        }),
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const { token } = await accounts.login(org, request.body);
        return { token };
      },
    );

    const signup = {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (with inviteId where self signup is disabled)',
        params: orgParamsSchema.extend({ suffix: z.string().max(100).optional() }),
        body: signupBodySchema,
        response: { 200: tokenAnswer, ...errors },
      },
      config: { rateLimit: { max: 20 * scale, timeWindow: '1 hour' } },
    };
    const signupHandler = async (request: {
      params: { org: string; suffix?: string };
      body: z.infer<typeof signupBodySchema>;
    }) => {
      const org = await organisationOrThrow(organisations, request.params.org);
      const inviteId = request.body.inviteId || request.params.suffix;
      const { token } = await accounts.signup(org, {
        ...request.body,
        ...(inviteId && { inviteId }),
      });
      return { token };
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
          response: { 200: okAnswer, ...errors },
        },
        config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
        preHandler: perKeyLimit(app, {
          max: 5 * scale,
          timeWindow: '1 hour',
          keyGenerator: bodyKey('email'),
        }),
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const locale = resolveLocale(request.query.locale, org.settings.locales);
        await accounts.forgot(org, request.body.email, locale, await originFor(request, org.alias));
        return FORGOT_ANSWER;
      },
    );

    app.put(
      '/api/org/:org/login/reset/:email/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link (works once, for one hour)',
          params: resetParamsSchema,
          body: resetBodySchema,
          response: { 200: okAnswer, ...errors },
        },
        config: { rateLimit: { max: 10 * scale, timeWindow: '15 minutes' } },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        await accounts.reset(
          org,
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
          response: { 200: okAnswer, ...errors },
        },
      },
      async (request) => {
        const org = await organisationOrThrow(organisations, request.params.org);
        const session = await requireSession(request, sessions, org);
        await sessions.revoke(session.token);
        return { success: true as const };
      },
    );
  };
