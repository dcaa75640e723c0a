import type { FastifyRequest } from 'fastify';
import { fromTable } from '../../http/route-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isHttps } from '../../http/security-headers';
import type { Services } from '../../services';
import { SSO_FLOW_TTL_MS } from '../../services/sso';

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

    app.route({
      ...fromTable('ssoPrompt'),
      handler: async (request) => {
        const { org, locale } = request.ctx;
        return { oAuthUserPrompt: await sso.prompt(org, request.params.groupId, locale) };
      },
    });

    app.route({
      ...fromTable('ssoStart'),
      config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
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
    });

    app.route({
      ...fromTable('ssoComplete'),
      config: { rateLimit: { max: 30 * scale, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const flowId = flowCookie(request);
        // The flow is used (or refused) now: the cookie has done its work either way.
        if (flowId) reply.header('set-cookie', cookie('', 0, isHttps(request) || sso.httpsSite));
        const { org, session } = request.ctx;
        const { token } = await sso.complete(org, request.body, flowId, session);
        return { token };
      },
    });
  };
