import type { IssuerRules } from '../../adapters/sso/connection-test';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import type { UseCaseArgs } from '../use-cases';
import { auditCsv, auditLog } from './audit';
import { createBundle, listBundles, saveBundle } from './bundles';
import { saveGroupSso, testGroupSso, type GroupSsoContext } from './group-sso';
import { addGroupAdmin, createGroup, listGroups, removeAdmin, saveGroup } from './groups';
import {
  getSettings,
  publishSettings,
  restoreSettings,
  saveSettings,
  settingsVersions,
  type SettingsContext,
} from './settings';

/**
 * The organisation console (docs/design.md §15), for the organisation's administrators only
 * (policies/admin.ts): the audit log, the organisation's settings.
 */
export class AdminService {
  private readonly ctx: SettingsContext & GroupSsoContext;

  constructor(
    private readonly db: Db,
    caches: Caches,
    options: { ssoRules?: IssuerRules; now?: () => Date } = {},
  ) {
    this.ctx = {
      db,
      caches,
      now: options.now ?? (() => new Date()),
      ssoRules: options.ssoRules ?? { allowHttp: false, allowPrivate: false },
    };
  }

  auditLog(...args: UseCaseArgs<typeof auditLog>) {
    return auditLog(this.db, ...args);
  }

  auditCsv(...args: UseCaseArgs<typeof auditCsv>) {
    return auditCsv(this.db, ...args);
  }

  settings(...args: UseCaseArgs<typeof getSettings>) {
    return getSettings(this.ctx, ...args);
  }

  saveSettings(...args: UseCaseArgs<typeof saveSettings>) {
    return saveSettings(this.ctx, ...args);
  }

  publishSettings(...args: UseCaseArgs<typeof publishSettings>) {
    return publishSettings(this.ctx, ...args);
  }

  settingsVersions(...args: UseCaseArgs<typeof settingsVersions>) {
    return settingsVersions(this.ctx, ...args);
  }

  restoreSettings(...args: UseCaseArgs<typeof restoreSettings>) {
    return restoreSettings(this.ctx, ...args);
  }

  groups(...args: UseCaseArgs<typeof listGroups>) {
    return listGroups(this.ctx, ...args);
  }

  createGroup(...args: UseCaseArgs<typeof createGroup>) {
    return createGroup(this.ctx, ...args);
  }

  saveGroup(...args: UseCaseArgs<typeof saveGroup>) {
    return saveGroup(this.ctx, ...args);
  }

  addGroupAdmin(...args: UseCaseArgs<typeof addGroupAdmin>) {
    return addGroupAdmin(this.ctx, ...args);
  }

  removeGroupAdmin(...args: UseCaseArgs<typeof removeAdmin>) {
    return removeAdmin(this.ctx, ...args);
  }

  saveGroupSso(...args: UseCaseArgs<typeof saveGroupSso>) {
    return saveGroupSso(this.ctx, ...args);
  }

  testGroupSso(...args: UseCaseArgs<typeof testGroupSso>) {
    return testGroupSso(this.ctx, ...args);
  }

  bundles(...args: UseCaseArgs<typeof listBundles>) {
    return listBundles(this.ctx, ...args);
  }

  createBundle(...args: UseCaseArgs<typeof createBundle>) {
    return createBundle(this.ctx, ...args);
  }

  saveBundle(...args: UseCaseArgs<typeof saveBundle>) {
    return saveBundle(this.ctx, ...args);
  }
}
