import {
  errorText,
  themeContrastProblems,
  type AdminSettings,
  type AdminSettingsAnswer,
  type ContrastProblem,
  type ErrorCode,
  type ErrorText,
  type OrganisationSettings,
  type StudioVersionsAnswer,
} from '@portal/domain';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { hostOwners } from '../../db/repositories/content-packs';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import {
  listSettingsVersions,
  loadSettingsDraft,
  publishSettingsDraft,
  restoreSettingsVersion,
  saveSettingsDraft,
  type SettingsDraft,
} from '../../db/repositories/settings-versions';
import { accountNames } from '../../db/repositories/studio-topics';
import { assertMayAdminister, type Viewer } from '../../policies';
import { presentVersions } from '../../presenters/studio';
import { DomainError, invalid, notFound } from '../errors';
import { sanitizeLocalisedHtml } from '../html';
import { changedParts } from './changed-parts';

/** What the console's settings use cases share. */
export interface SettingsContext {
  db: Db;
  caches: Caches;
  now: () => Date;
}

const TARGET = 'settings';

function answerOf(org: OrganisationRecord, draft: SettingsDraft): AdminSettingsAnswer {
  const { alias: _alias, ...settings } = draft.settings;
  return {
    alias: org.alias,
    settings,
    version: draft.version,
    publishedVersion: draft.publishedVersion,
    hasChanges: draft.hasChanges,
  };
}

async function draftOf(db: Db, org: OrganisationRecord): Promise<SettingsDraft> {
  const draft = await loadSettingsDraft(db, org.id);
  // Every organisation has one (migration 0020, the import); none: it was removed meanwhile.
  if (!draft) throw notFound('contentNotFound');
  return draft;
}

/** The settings as drafted, every locale included. */
export async function getSettings(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
): Promise<AdminSettingsAnswer> {
  assertMayAdminister(viewer);
  return answerOf(org, await draftOf(ctx.db, org));
}

const COLOUR_NAME = {
  primaryColor: 'colourPrimaryColor',
  secondaryColor: 'colourSecondaryColor',
  tertiaryColor: 'colourTertiaryColor',
  primaryBackgroundColor: 'colourPrimaryBackgroundColor',
  secondaryBackgroundColor: 'colourSecondaryBackgroundColor',
  tertiaryBackgroundColor: 'colourTertiaryBackgroundColor',
} as const satisfies Record<ContrastProblem['foreground'], ErrorCode>;

const USE_NAME = {
  text: 'contrastUseText',
  large: 'contrastUseLarge',
  control: 'contrastUseControl',
} as const satisfies Record<ContrastProblem['use'], ErrorCode>;

const contrastText = (p: ContrastProblem) =>
  errorText('settingsContrast', {
    ratio: p.ratio,
    background: errorText(COLOUR_NAME[p.background]),
    value: p.backgroundValue,
    use: errorText(USE_NAME[p.use]),
    minimum: p.minimum,
  });

const hostText = (host: string) => errorText('settingsHostTaken', { host });

/**
 * What the settings may not be: colours that do not read (docs/design.md §15), host names another
 * organisation holds. A 400 naming the first problem, with each by its JSON path.
 */
async function refuseProblems(db: Db, org: OrganisationRecord, settings: AdminSettings) {
  const errfor: Record<string, ErrorText> = {};
  const contrast = themeContrastProblems(settings.theme);
  for (const problem of contrast) errfor[`theme.${problem.foreground}`] ??= contrastText(problem);
  const hosts = settings.hosts.map((h) => h.trim().toLowerCase());
  const taken: string[] = [];
  for (const owner of await hostOwners(db, hosts))
    if (owner.orgId !== org.id) {
      errfor[`hosts.${hosts.indexOf(owner.host)}`] = hostText(owner.host);
      taken.push(owner.host);
    }
  const first = contrast[0];
  if (first)
    throw invalid(
      errorText('settingsUnreadable', {
        colour: errorText(COLOUR_NAME[first.foreground]),
        problem: contrastText(first),
      }),
      errfor,
    );
  if (taken[0]) throw invalid(hostText(taken[0]), errfor);
}

/** Author HTML in the settings (the promos' descriptions), sanitised as a pack import does. */
function sanitized(org: OrganisationRecord, settings: AdminSettings): OrganisationSettings {
  return {
    alias: org.alias,
    ...settings,
    homePage: {
      ...settings.homePage,
      promos: settings.homePage.promos.map((p) => ({
        ...p,
        description: sanitizeLocalisedHtml(p.description),
      })),
    },
  };
}

/**
 * Saves the draft at the version the administrator last read: a stale save is refused (409)
 * with the draft as stored, nothing applied; unreadable colours and hosts of another
 * organisation are refused (400) with each problem by its path.
 */
export async function saveSettings(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  body: { settings: AdminSettings; version: number },
): Promise<AdminSettingsAnswer> {
  const admin = assertMayAdminister(viewer);
  await refuseProblems(ctx.db, org, body.settings);
  const settings = sanitized(org, body.settings);
  const at = ctx.now().toISOString();
  const saved = await inTransaction(ctx.db, async (tx) => {
    const before = await loadSettingsDraft(tx, org.id);
    const version = await saveSettingsDraft(tx, org.id, settings, body.version, {
      by: admin,
      at,
    });
    if (version === null || !before) return null;
    const changed = changedSettings(before.settings, settings);
    await insertAuditEvent(tx, org.id, {
      actor: admin,
      action: 'settings.save',
      target: TARGET,
      detail: { draftVersion: version },
      before: changed.before,
      after: changed.after,
      at,
    });
    return version;
  });
  const current = await draftOf(ctx.db, org);
  if (saved === null)
    throw new DomainError('conflict', 'settingsDraftStale', {
      extra: { settings: answerOf(org, current).settings, version: current.version },
    });
  return answerOf(org, current);
}

/** The settings' parts that changed, each colour of the theme on its own. */
function changedSettings(before: OrganisationSettings, after: OrganisationSettings) {
  const { theme: themeBefore, ...restBefore } = before;
  const { theme: themeAfter, ...restAfter } = after;
  const colours = changedParts(themeBefore, themeAfter);
  const rest = changedParts(restBefore, restAfter);
  return {
    before: { ...rest.before, ...colours.before },
    after: { ...rest.after, ...colours.after },
  };
}

/**
 * Publishes the draft as a new version (the same version when nothing changed): every visitor,
 * on every process, reads it within a second. Checked again, as another organisation may have
 * taken a host name since the draft was saved.
 */
export async function publishSettings(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  note: string | undefined,
): Promise<{ publishedVersion: number }> {
  const admin = assertMayAdminister(viewer);
  const draft = await draftOf(ctx.db, org);
  const { alias: _alias, ...settings } = draft.settings;
  await refuseProblems(ctx.db, org, settings);
  const at = ctx.now().toISOString();
  const published = await inTransaction(ctx.db, async (tx) => {
    const result = await publishSettingsDraft(tx, org.id, {
      by: admin,
      at,
      note: note?.trim() || null,
    });
    if (result?.isNew) {
      const changed = changedSettings(result.before, result.after);
      await insertAuditEvent(tx, org.id, {
        actor: admin,
        action: 'settings.publish',
        target: TARGET,
        detail: { publishedVersion: result.version, note: note?.trim() || null },
        before: { publishedVersion: result.version - 1, ...changed.before },
        after: { publishedVersion: result.version, ...changed.after },
        at,
      });
    }
    return result;
  });
  if (!published) throw notFound('contentNotFound');
  if (published.isNew) await ctx.caches.changed({ content: { org: org.id } }, { hosts: true });
  return { publishedVersion: published.version };
}

/** The settings' published versions, newest first, with who published each. */
export async function settingsVersions(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
): Promise<StudioVersionsAnswer> {
  assertMayAdminister(viewer);
  const entries = await listSettingsVersions(ctx.db, org.id);
  const names = await accountNames(
    ctx.db,
    org.id,
    entries.flatMap((e) => (e.publishedBy ? [e.publishedBy] : [])),
  );
  return presentVersions(entries, names);
}

/** Makes a published version the draft again (a new draft version: stale tabs are refused). */
export async function restoreSettings(
  ctx: SettingsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  version: number,
): Promise<AdminSettingsAnswer> {
  const admin = assertMayAdminister(viewer);
  const at = ctx.now().toISOString();
  const restored = await inTransaction(ctx.db, async (tx) => {
    const result = await restoreSettingsVersion(tx, org.id, version, { by: admin, at });
    if (!result) return null;
    const changed = changedSettings(result.before, result.after);
    await insertAuditEvent(tx, org.id, {
      actor: admin,
      action: 'settings.restore',
      target: TARGET,
      detail: { from: version },
      before: { draftVersion: result.version - 1, ...changed.before },
      after: { draftVersion: result.version, restoredFrom: version, ...changed.after },
      at,
    });
    return result;
  });
  if (!restored) throw notFound(errorText('settingsVersionNotFound', { version }));
  return answerOf(org, await draftOf(ctx.db, org));
}
