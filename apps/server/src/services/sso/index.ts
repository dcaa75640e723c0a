import type { FastifyBaseLogger } from 'fastify';
import type { SsoClient } from '../../adapters/sso/sso';
import type { Db } from '../../db/database';
import type { InvitationService } from '../invitations';
import type { OrganisationService } from '../organisation-service';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';
import type { UseCaseArgs } from '../use-cases';
import type { ViewerService } from '../viewer-service';
import type { SsoContext, SsoOptions } from './context';
import { complete, origin, prompt, start } from './flow';

export { SSO_FLOW_TTL_MS } from './context';

/**
 * Single sign-on per user group (docs/decisions.md, "Single sign-on"): OpenID Connect with PKCE,
 * state and nonce, the flow kept server-side (one use, ten minutes), accounts made just in time
 * from the provider's identity, and the same tokens as a password sign-in.
 *
 * The sign-in flow in flow.ts, the provider settings in provider.ts, accounts in accounts.ts.
 */
export class SsoService {
  private readonly ctx: SsoContext;

  constructor(
    db: Db,
    sessions: SessionService,
    client: SsoClient,
    organisations: OrganisationService,
    links: SiteLinks,
    options: SsoOptions,
    log: FastifyBaseLogger,
    invitations: InvitationService,
    viewers?: ViewerService,
  ) {
    this.ctx = { db, sessions, client, organisations, links, options, log, invitations, viewers };
  }

  /** Whether the site's public origin (PUBLIC_ORIGIN) is https. */
  get httpsSite(): boolean {
    return this.ctx.options.publicProtocol === 'https:';
  }

  prompt(...args: UseCaseArgs<typeof prompt>) {
    return prompt(this.ctx, ...args);
  }

  origin(...args: UseCaseArgs<typeof origin>) {
    return origin(this.ctx, ...args);
  }

  start(...args: UseCaseArgs<typeof start>) {
    return start(this.ctx, ...args);
  }

  complete(...args: UseCaseArgs<typeof complete>) {
    return complete(this.ctx, ...args);
  }
}
