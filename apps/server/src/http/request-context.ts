import { resolveLocale } from '@portal/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { assertGroupAdmin, assertGroupMember, isSignedIn, VISITOR, type Viewer } from '../policies';
import { notFound, unauthenticated } from '../services/errors';
import type { Services } from '../services';
import type { Session } from '../services/session-service';

/** Who asks, and in which organisation: resolved once per request, before the handler. */
export interface RequestContext {
  org: OrganisationRecord;
  /** The sign-in of this request, when its bearer token is good in this organisation. */
  session: (Session & { token: string }) | null;
  viewer: Viewer;
  /** The `locale` query, or the organisation's default when it does not offer that one. */
  locale: string;
}

/** A context whose learner is signed in (routes with `config: {session: 'required'}`). */
export interface SignedInContext extends RequestContext {
  session: Session & { token: string };
  viewer: Viewer & { userId: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route with an `:org` parameter (see requestContext). */
    ctx: RequestContext;
    /** Resolves the context for an organisation named elsewhere than in the path (uploads). */
    resolveContext(alias: string, session: SessionMode): Promise<RequestContext>;
  }
  interface FastifyContextConfig {
    /**
     * `required`: the request needs a signed-in learner of this organisation (401 otherwise).
     * `optional` (the default): a token that is not good here makes a visitor.
     */
    session?: SessionMode;
  }
}

export type SessionMode = 'required' | 'optional';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The request context plugin: for each route with an `:org` parameter it finds the organisation
 * (404 if none), the session of the bearer token and the viewer, once, and puts them on
 * `request.ctx`. Routes say what they need in their config (`session: 'required'`) or with the
 * hooks below; handlers only validate, call a service and present.
 */
export const requestContext = fp<{ services: Services }>(async (app, { services }) => {
  const { organisations, sessions, viewers } = services;

  /** The `locale` query when the organisation offers it, else its default. */
  const localeOf = (request: FastifyRequest, org: OrganisationRecord) => {
    const query = request.query as { locale?: unknown } | undefined;
    const requested = typeof query?.locale === 'string' ? query.locale : undefined;
    return resolveLocale(requested, org.settings.locales);
  };

  async function resolve(
    request: FastifyRequest,
    alias: string,
    mode: SessionMode,
  ): Promise<RequestContext> {
    const org = await organisations.find(alias);
    if (!org) throw notFound('noOrganisation');
    const token = bearerToken(request);
    const found = token ? await sessions.find(token, org.id) : null;
    if (mode === 'required' && !found)
      throw unauthenticated(
        token || request.headers.authorization ? 'sessionEnded' : 'signInRequired',
      );
    const session = found && token ? { ...found, token } : null;
    const ctx: RequestContext = {
      org,
      session,
      viewer: await viewers.of(session),
      locale: localeOf(request, org),
    };
    request.ctx = ctx;
    return ctx;
  }

  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.decorateRequest('resolveContext', function (this: FastifyRequest, alias, mode) {
    return resolve(this, alias, mode);
  });
  // A route with an `:org` parameter resolves its context first among its own preHandlers (the
  // hooks below read it); a route without one pays nothing. The session mode is read once, here.
  const resolvers = new WeakSet<preHandlerHookHandler>();
  app.addHook('onRoute', (route) => {
    if (!/\/:org(?:\/|$)/.test(route.url)) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    // HEAD routes are made from their GET's options: already there.
    if (own.some((hook) => resolvers.has(hook as preHandlerHookHandler))) return;
    const mode: SessionMode = route.config?.session ?? 'optional';
    // A callback hook: a visitor of an organisation kept fresh in this process (most requests
    // for content) is resolved at once, with no promise; anyone else as `resolve` does.
    const resolveOrg = ((request, _reply, done) => {
      const alias = (request.params as { org: string }).org;
      const org =
        mode === 'optional' && !request.headers.authorization && organisations.cached(alias);
      if (org) {
        request.ctx = { org, session: null, viewer: VISITOR, locale: localeOf(request, org) };
        done();
        return;
      }
      resolve(request, alias, mode).then(() => done(), done);
    }) as preHandlerHookHandler;
    resolvers.add(resolveOrg);
    route.preHandler = [resolveOrg, ...own];
  });
});

/** The context of a route declared with `config: {session: 'required'}`. */
export function signedIn(request: FastifyRequest): SignedInContext {
  const { ctx } = request;
  if (!ctx?.session || !isSignedIn(ctx.viewer))
    throw new Error('signedIn() on a route without config.session = "required"');
  return ctx as SignedInContext;
}

/** A preHandler: only administrators of the group named by the `param` path parameter. */
export const requireGroupAdmin =
  (param = 'groupId'): preHandlerAsyncHookHandler =>
  async (request) => {
    assertGroupAdmin(request.ctx.viewer, (request.params as Record<string, string>)[param]!);
  };

/** A preHandler: only members (or administrators) of the group named by `param`. */
export const requireGroupMember =
  (param = 'groupId'): preHandlerAsyncHookHandler =>
  async (request) => {
    assertGroupMember(request.ctx.viewer, (request.params as Record<string, string>)[param]!);
  };
