import type { FastifyBaseLogger } from 'fastify';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import type { InvitationService } from '../invitations';
import type { ProgressService } from '../progress-service';
import type { TopicCache } from '../topic-cache';
import type { UseCaseArgs } from '../use-cases';
import type { ViewerService } from '../viewer-service';
import type { WorkbookService } from '../workbooks';
import type { GroupsContext } from './context';
import { csv } from './csv';
import { adminGroups, members, removeMember } from './members';
import { memberReport } from './report';
import { defineSummaries } from './summaries';

/**
 * The group's page for its administrators (docs/design.md §12): a cohort's administrators see
 * their cohort; the administrators of a group see it, with the cohorts under it to open. One use
 * case per module: members.ts (the table, removal), csv.ts, report.ts; the member sums they sort
 * by in summaries.ts.
 */
export class GroupService {
  private readonly ctx: GroupsContext;

  constructor(
    db: Db,
    topics: TopicCache,
    workbooks: WorkbookService,
    progress: ProgressService,
    viewers: ViewerService,
    invitations: InvitationService,
    log: FastifyBaseLogger,
    caches: Caches,
  ) {
    this.ctx = {
      db,
      topics,
      workbooks,
      progress,
      viewers,
      invitations,
      log,
      caches,
      recentSummaries: defineSummaries(caches, db),
    };
  }

  /** The groups the viewer administers, cohorts under them included (the avatar menu's "My groups"). */
  adminGroups(...args: UseCaseArgs<typeof adminGroups>) {
    return adminGroups(this.ctx, ...args);
  }

  members(...args: UseCaseArgs<typeof members>) {
    return members(this.ctx, ...args);
  }

  csv(...args: UseCaseArgs<typeof csv>) {
    return csv(this.ctx, ...args);
  }

  removeMember(...args: UseCaseArgs<typeof removeMember>) {
    return removeMember(this.ctx, ...args);
  }

  memberReport(...args: UseCaseArgs<typeof memberReport>) {
    return memberReport(this.ctx, ...args);
  }
}
