import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEV_CLIENT_SECRET } from '../config';
import { createOidcProvider, DEV_OIDC } from '../adapters/sso/dev-provider';

/**
 * Mounts the development OpenID provider at `http://localhost:{PORT}/dev-oidc` (DEV_OIDC=on):
 * one client, for the demo organisation's SSO group, and one identity (README, "Single
 * sign-on"). The provider reads its own request bodies: no parser of this app touches them.
 */
export async function mountDevOidc(
  app: FastifyInstance,
  options: {
    port: number;
    baseDomain: string;
    defaultOrg: string;
    devOidcIssuer: string | undefined;
  },
): Promise<string> {
  const issuer = options.devOidcIssuer ?? `http://localhost:${options.port}${DEV_OIDC.path}`;
  const origins = [
    `http://localhost:${options.port}`,
    `http://127.0.0.1:${options.port}`,
    `http://${options.defaultOrg}.${options.baseDomain}:${options.port}`,
    // `npm run dev`: the Vite server in front of the API.
    'http://localhost:5173',
  ];
  const provider = await createOidcProvider({
    issuer,
    clients: [
      {
        client_id: DEV_OIDC.clientId,
        client_secret: DEV_CLIENT_SECRET,
        redirect_uris: origins.map((o) => `${o}/oauth/callback/${DEV_OIDC.groupId}`),
      },
    ],
    identities: {
      [DEV_OIDC.login]: DEV_OIDC.identity,
      [DEV_OIDC.ownerLogin]: DEV_OIDC.ownerIdentity,
    },
  });
  const route = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(DEV_OIDC.path.length) || '/';
    provider.handle(raw, reply.raw);
  };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(DEV_OIDC.path, { schema: { hide: true } }, route);
    scope.all(`${DEV_OIDC.path}/*`, { schema: { hide: true } }, route);
  });
  return issuer;
}
