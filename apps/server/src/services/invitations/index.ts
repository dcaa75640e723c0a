import type { FastifyBaseLogger } from 'fastify';
import type { NotificationService } from '../notifications';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { SiteLinks } from '../site-links';
import type { UseCaseArgs } from '../use-cases';
import type { ViewerService } from '../viewer-service';
import type { InvitationsContext } from './context';
import { list, openSeats, summary } from './seats';
import { invite, resend, revoke } from './sending';
import { use, useNow } from './using';

export { newInvitationId } from './context';

/**
 * The one invitations module (docs/design.md §9): a group's seats and invitations, for the
 * buyer's seat screen and the group's page alike (seats.ts, sending.ts); and the use of an
 * invitation by whoever holds its link (sign-up, sign-in, single sign-on, or accepting it while
 * signed in: using.ts). Every action on a group's invitations is for its administrators
 * (policies/groups.ts, `assertMayInvite`).
 */
export class InvitationService {
  private readonly ctx: InvitationsContext;

  constructor(
    db: Db,
    viewers: ViewerService,
    mailer: Mailer,
    links: SiteLinks,
    log: FastifyBaseLogger,
    notifications: NotificationService,
  ) {
    this.ctx = { db, viewers, mailer, links, log, notifications };
  }

  summary(...args: UseCaseArgs<typeof summary>) {
    return summary(this.ctx, ...args);
  }

  list(...args: UseCaseArgs<typeof list>) {
    return list(this.ctx, ...args);
  }

  invite(...args: UseCaseArgs<typeof invite>) {
    return invite(this.ctx, ...args);
  }

  resend(...args: UseCaseArgs<typeof resend>) {
    return resend(this.ctx, ...args);
  }

  revoke(...args: UseCaseArgs<typeof revoke>) {
    return revoke(this.ctx, ...args);
  }

  openSeats(...args: UseCaseArgs<typeof openSeats>) {
    return openSeats(this.ctx, ...args);
  }

  use(...args: UseCaseArgs<typeof use>) {
    return use(this.ctx, ...args);
  }

  useNow(...args: UseCaseArgs<typeof useNow>) {
    return useNow(this.ctx, ...args);
  }
}
