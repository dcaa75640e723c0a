import {
  authorizationUrlAnswerSchema,
  localeQueryObjectSchema,
  oAuthCompleteBodySchema,
  oAuthLoginQuerySchema,
  oAuthPromptParamsSchema,
  oAuthUserPromptAnswerSchema,
  orgParamsSchema,
  tokenAnswerSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttps } from '../../http/security-headers';
import type { Services } from '../../services';
import { SSO_FLOW_TTL_MS } from '../../services/sso';
import { errorBodySchema } from '../org/schemas';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** The HttpOnly cookie naming the sign-in under way, for a client that sends no `state`. */
export const SSO_COOKIE = 'portal_sso';

function flowCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SSO_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/**
 * The flow cookie; `Secure` on an https site: a request that came over https (TLS, or a trusted
 * proxy's X-Forwarded-Proto), or a site whose public origin (hence the callback address) is
 * https, even when the proxy in front of it is not trusted (issue 24, point 8).
 */
const cookie = (value: string, maxAge: number, secure: boolean) =>
  [
    `${SSO_COOKIE}=${value}`,
    'Path=/api',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');

/** Single sign-on per user group: the prompt, the provider's address, the code's exchange. */
export const ssoRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { sso } = services;
    const scale = services.rateLimitScale;

    app.get(
      '/api/org/:org/userGroup/:groupId/oauthuserprompt',
      {
        schema: {
          tags: ['auth'],
          summary: 'The prompt of a user group’s single sign-on screen, localised',
          params: oAuthPromptParamsSchema,
          querystring: localeQueryObjectSchema,
          response: { 200: oAuthUserPromptAnswerSchema, ...errors },
        },
      },
      async (request) => {
        const { org, locale } = request.ctx;
        return { oAuthUserPrompt: await sso.prompt(org, request.params.groupId, locale) };
      },
    );

    app.get(
      '/api/org/:org/login/oauth',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Start a single sign-on: the provider’s login address (PKCE, state, nonce); sets the flow cookie',
          params: orgParamsSchema,
          querystring: oAuthLoginQuerySchema,
          response: { 200: authorizationUrlAnswerSchema, ...errors },
        },
        config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { org } = request.ctx;
        const origin = await sso.origin(org, {
          host: request.host,
          protocol: isHttps(request) ? 'https' : 'http',
        });
        const { authorizationUrl, flowId } = await sso.start(
          org,
          request.query.groupid,
          origin,
          request.query.inviteId,
        );
        const secure = isHttps(request) || origin.startsWith('https:');
        reply.header('set-cookie', cookie(flowId, SSO_FLOW_TTL_MS / 1000, secure));
        reply.header('cache-control', 'no-store');
        return { authorizationUrl };
      },
    );

    app.post(
      '/api/org/:org/oauth/complete',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Finish a single sign-on with the callback’s code: the same token as a password sign-in',
          params: orgParamsSchema,
          body: oAuthCompleteBodySchema.extend({
            /** The callback's `iss` (RFC 9207), when the client passes it on. */
            iss: z.string().max(500).optional(),
            /** Link the identity to the signed-in account of the bearer token (design §11). */
            link: z.boolean().optional(),
          }),
          response: { 200: tokenAnswerSchema, ...errors },
        },
        config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const flowId = flowCookie(request);
        // The flow is used (or refused) now: the cookie has done its work either way.
        if (flowId) reply.header('set-cookie', cookie('', 0, isHttps(request) || sso.httpsSite));
        const { org, session } = request.ctx;
        const { token } = await sso.complete(org, request.body, flowId, session);
        return { token };
      },
    );
  };
