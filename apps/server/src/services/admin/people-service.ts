import type { Mailer } from '../../adapters/mail/mailer';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import type { JobRunner } from '../../jobs/runner';
import type { UseCaseArgs } from '../use-cases';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';
import {
  changeGroup,
  changeRoles,
  deactivate,
  listPeople,
  personDetail,
  reactivate,
  type PeopleDeps,
} from './people';
import { invitePerson, resendInvitation } from './people-invite';
import {
  dryRun,
  importStatus,
  peopleImportJob,
  startImport,
  type PeopleImportDeps,
} from './people-import';

/**
 * The console's People screen (docs/design.md §15): the organisation's administrators search,
 * invite, import, change roles and groups, deactivate and reactivate accounts.
 */
export class PeopleService {
  private readonly deps: PeopleDeps & PeopleImportDeps;

  constructor(deps: {
    db: Db;
    sessions: SessionService;
    caches: Caches;
    mailer: Mailer;
    links: SiteLinks;
    jobs: JobRunner;
  }) {
    this.deps = deps;
    deps.jobs.register(peopleImportJob(deps));
  }

  list(...args: UseCaseArgs<typeof listPeople>) {
    return listPeople(this.deps, ...args);
  }
  detail(...args: UseCaseArgs<typeof personDetail>) {
    return personDetail(this.deps, ...args);
  }
  invite(...args: UseCaseArgs<typeof invitePerson>) {
    return invitePerson(this.deps, ...args);
  }
  resend(...args: UseCaseArgs<typeof resendInvitation>) {
    return resendInvitation(this.deps, ...args);
  }
  roles(...args: UseCaseArgs<typeof changeRoles>) {
    return changeRoles(this.deps, ...args);
  }
  group(...args: UseCaseArgs<typeof changeGroup>) {
    return changeGroup(this.deps, ...args);
  }
  deactivate(...args: UseCaseArgs<typeof deactivate>) {
    return deactivate(this.deps, ...args);
  }
  reactivate(...args: UseCaseArgs<typeof reactivate>) {
    return reactivate(this.deps, ...args);
  }
  dryRun(...args: UseCaseArgs<typeof dryRun>) {
    return dryRun(this.deps, ...args);
  }
  startImport(...args: UseCaseArgs<typeof startImport>) {
    return startImport(this.deps, ...args);
  }
  importStatus(...args: UseCaseArgs<typeof importStatus>) {
    return importStatus(this.deps, ...args);
  }
}
