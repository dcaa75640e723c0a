import { randomUUID } from 'node:crypto';
import type { OrganisationSettings } from '@portal/domain';
import { insertChunks } from './chunks';
import { inTransaction, type Executor } from './executor';
import type { TopicVersionEntry } from './topic-versions';

/**
 * An organisation's settings drafted and published in numbered versions (docs/design.md §15,
 * migration 0020), as topics are: `settings_drafts` holds the draft the console edits,
 * `settings_versions` every published version, and `organisations.settings` (with `org_hosts`)
 * what every reader reads.
 */

export interface SettingsDraft {
  settings: OrganisationSettings;
  version: number;
  publishedVersion: number;
  /** The draft differs from the published settings. */
  hasChanges: boolean;
}

export interface SettingsChange {
  by: string | null;
  at: string;
}

/** Publishes and imports of one organisation take turns (SQLite runs one writer at a time). */
async function lockOrganisation(tx: Executor, orgId: string): Promise<void> {
  if (tx.dialect === 'postgres')
    await tx.kysely
      .selectFrom('organisations')
      .select('id')
      .where('id', '=', orgId)
      .forUpdate()
      .execute();
}

export async function loadSettingsDraft(
  db: Executor,
  orgId: string,
): Promise<SettingsDraft | null> {
  const row = await db.kysely
    .selectFrom('settings_drafts')
    .innerJoin('organisations', 'organisations.id', 'settings_drafts.org_id')
    .select([
      'settings_drafts.document',
      'settings_drafts.version',
      'organisations.settings',
      'organisations.settings_version',
    ])
    .where('settings_drafts.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    settings: JSON.parse(row.document) as OrganisationSettings,
    version: row.version,
    publishedVersion: row.settings_version,
    hasChanges: row.document !== row.settings,
  };
}

/** Saves the draft if it is still at `expected`; the new version, or null when it was not. */
export async function saveSettingsDraft(
  db: Executor,
  orgId: string,
  settings: OrganisationSettings,
  expected: number,
  change: SettingsChange,
): Promise<number | null> {
  const saved = await db.kysely
    .updateTable('settings_drafts')
    .set({
      document: JSON.stringify(settings),
      version: expected + 1,
      updated_at: change.at,
      updated_by: change.by,
    })
    .where('org_id', '=', orgId)
    .where('version', '=', expected)
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) === 1 ? expected + 1 : null;
}

export interface PublishedSettings {
  version: number;
  isNew: boolean;
  before: OrganisationSettings;
  after: OrganisationSettings;
}

/** Writes `settings` as what readers read: the organisation's row and its host names. */
async function writePublished(
  tx: Executor,
  orgId: string,
  settings: OrganisationSettings,
  version: number,
  at: string,
): Promise<void> {
  await tx.kysely
    .updateTable('organisations')
    .set({
      settings: JSON.stringify(settings),
      settings_version: version,
      // No longer the last imported pack: importing that pack again is not skipped.
      content_hash: `settings:${randomUUID()}`,
      updated_at: at,
    })
    .where('id', '=', orgId)
    .execute();
  await tx.kysely.deleteFrom('org_hosts').where('org_id', '=', orgId).execute();
  const hosts = [...new Set(settings.hosts.map((h) => h.trim().toLowerCase()))];
  await insertChunks(
    tx.kysely,
    'org_hosts',
    hosts.map((host) => ({ host, org_id: orgId })),
  );
}

/**
 * Publishes the draft: a new version unless the draft is what is published already (then that
 * version, and nothing written). Null when the organisation has no draft.
 */
export async function publishSettingsDraft(
  db: Executor,
  orgId: string,
  change: SettingsChange & { note: string | null },
): Promise<PublishedSettings | null> {
  return inTransaction(db, async (tx) => {
    await lockOrganisation(tx, orgId);
    const row = await tx.kysely
      .selectFrom('settings_drafts')
      .innerJoin('organisations', 'organisations.id', 'settings_drafts.org_id')
      .select([
        'settings_drafts.document',
        'organisations.settings',
        'organisations.settings_version',
      ])
      .where('settings_drafts.org_id', '=', orgId)
      .executeTakeFirst();
    if (!row) return null;
    const before = JSON.parse(row.settings) as OrganisationSettings;
    const after = JSON.parse(row.document) as OrganisationSettings;
    if (row.document === row.settings)
      return { version: row.settings_version, isNew: false, before, after };
    const version = (await latestVersion(tx, orgId)) + 1;
    await tx.kysely
      .insertInto('settings_versions')
      .values({
        org_id: orgId,
        version,
        document: row.document,
        published_at: change.at,
        published_by: change.by,
        note: change.note,
      })
      .execute();
    await writePublished(tx, orgId, after, version, change.at);
    return { version, isNew: true, before, after };
  });
}

async function latestVersion(tx: Executor, orgId: string): Promise<number> {
  const row = await tx.kysely
    .selectFrom('settings_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * A pack import's settings (already written to the organisation's row by the import): a new
 * version when they differ from the last one. A draft without unpublished changes follows; one
 * with changes stays as its administrator left it.
 */
export async function publishPackSettings(
  tx: Executor,
  orgId: string,
  settings: OrganisationSettings,
  change: SettingsChange,
): Promise<void> {
  const document = JSON.stringify(settings);
  const latest = await tx.kysely
    .selectFrom('settings_versions')
    .select(['version', 'document'])
    .where('org_id', '=', orgId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const draft = await tx.kysely
    .selectFrom('settings_drafts')
    .select(['document', 'version'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  let version = latest?.version ?? 0;
  if (latest?.document !== document) {
    version += 1;
    await tx.kysely
      .insertInto('settings_versions')
      .values({
        org_id: orgId,
        version,
        document,
        published_at: change.at,
        published_by: change.by,
        note: null,
      })
      .execute();
  }
  await tx.kysely
    .updateTable('organisations')
    .set({ settings_version: version })
    .where('id', '=', orgId)
    .execute();
  if (!draft)
    await tx.kysely
      .insertInto('settings_drafts')
      .values({ org_id: orgId, document, version: 1, updated_at: change.at, updated_by: null })
      .execute();
  else if (draft.document !== document && draft.document === latest?.document)
    await tx.kysely
      .updateTable('settings_drafts')
      .set({ document, version: draft.version + 1, updated_at: change.at, updated_by: null })
      .where('org_id', '=', orgId)
      .execute();
}

/** The settings' published versions, newest first. */
export async function listSettingsVersions(
  db: Executor,
  orgId: string,
): Promise<TopicVersionEntry[]> {
  const rows = await db.kysely
    .selectFrom('settings_versions')
    .select(['version', 'published_at', 'published_by', 'note'])
    .where('org_id', '=', orgId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    note: row.note,
  }));
}

/** Makes a published version the draft again (a new draft version); null when there is none. */
export async function restoreSettingsVersion(
  db: Executor,
  orgId: string,
  version: number,
  change: SettingsChange,
): Promise<{ version: number; before: OrganisationSettings; after: OrganisationSettings } | null> {
  return inTransaction(db, async (tx) => {
    const chosen = await tx.kysely
      .selectFrom('settings_versions')
      .select('document')
      .where('org_id', '=', orgId)
      .where('version', '=', version)
      .executeTakeFirst();
    const draft = await tx.kysely
      .selectFrom('settings_drafts')
      .select(['document', 'version'])
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!chosen || !draft) return null;
    await tx.kysely
      .updateTable('settings_drafts')
      .set({
        document: chosen.document,
        version: draft.version + 1,
        updated_at: change.at,
        updated_by: change.by,
      })
      .where('org_id', '=', orgId)
      .execute();
    return {
      version: draft.version + 1,
      before: JSON.parse(draft.document) as OrganisationSettings,
      after: JSON.parse(chosen.document) as OrganisationSettings,
    };
  });
}
