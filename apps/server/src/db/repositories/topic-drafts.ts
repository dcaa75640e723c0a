import type { Topic } from '@portal/domain';
import { inTransaction, type Executor } from './executor';
import { versionDocument, type Change } from './topic-versions';

/**
 * The one draft per topic that authors edit (docs/design.md §14), unseen by learners: read it,
 * save it only at the version the author last read (a stale save is refused), make a published
 * version the draft again. Publishing a draft is in `topic-versions.ts`.
 */

export interface TopicDraft {
  topic: Topic;
  isGeneral: boolean;
  /** Counts saves: a save must name the version it changes. */
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** The draft of a topic, or null. */
export async function loadDraft(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<TopicDraft | null> {
  const row = await db.kysely
    .selectFrom('topic_drafts')
    .select(['document', 'is_general', 'version', 'updated_at', 'updated_by'])
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return row
    ? {
        topic: JSON.parse(row.document) as Topic,
        isGeneral: row.is_general === 1,
        version: row.version,
        updatedAt: row.updated_at,
        updatedBy: row.updated_by,
      }
    : null;
}

export interface DraftSave {
  topicId: string;
  topic: Topic;
  /** The draft version the save changes; 0 creates the draft. */
  expectedVersion: number;
  isGeneral?: boolean;
}

/**
 * Saved (with the draft's new version), or refused because the draft is not at the expected
 * version: `current` is the draft as stored (null when there is none to change).
 */
export type DraftSaveResult =
  { ok: true; version: number } | { ok: false; current: TopicDraft | null };

/** Saves a draft only if nobody saved it since `expectedVersion` (an optimistic save). */
export async function saveDraft(
  db: Executor,
  orgId: string,
  save: DraftSave,
  change: Change,
): Promise<DraftSaveResult> {
  const document = JSON.stringify(save.topic);
  if (save.expectedVersion === 0) {
    const inserted = await db.kysely
      .insertInto('topic_drafts')
      .values({
        org_id: orgId,
        topic_id: save.topicId,
        is_general: save.isGeneral ? 1 : 0,
        document,
        version: 1,
        updated_at: change.at,
        updated_by: change.by,
      })
      .onConflict((oc) => oc.columns(['org_id', 'topic_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { ok: true, version: 1 };
  } else {
    const updated = await db.kysely
      .updateTable('topic_drafts')
      .set({
        document,
        version: save.expectedVersion + 1,
        updated_at: change.at,
        updated_by: change.by,
        ...(save.isGeneral !== undefined && { is_general: save.isGeneral ? 1 : 0 }),
      })
      .where('org_id', '=', orgId)
      .where('topic_id', '=', save.topicId)
      .where('version', '=', save.expectedVersion)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1)
      return { ok: true, version: save.expectedVersion + 1 };
  }
  return { ok: false, current: await loadDraft(db, orgId, save.topicId) };
}

/**
 * Makes a published version the topic's draft again (a new draft version, so that a tab still
 * editing the old draft is refused). Null when the topic has no such version.
 */
export async function restoreVersion(
  db: Executor,
  orgId: string,
  topicId: string,
  version: number,
  change: Change,
): Promise<{ topic: Topic; version: number } | null> {
  return inTransaction(db, async (tx) => {
    const document = await versionDocument(tx, orgId, topicId, version);
    if (document === null) return null;
    const updated = await tx.kysely
      .updateTable('topic_drafts')
      .set((eb) => ({
        document: document,
        version: eb('version', '+', 1),
        updated_at: change.at,
        updated_by: change.by,
      }))
      .where('org_id', '=', orgId)
      .where('topic_id', '=', topicId)
      .returning('version')
      .executeTakeFirst();
    let draftVersion = updated?.version;
    if (draftVersion === undefined) {
      const published = await tx.kysely
        .selectFrom('topics')
        .select('is_general')
        .where('org_id', '=', orgId)
        .where('id', '=', topicId)
        .executeTakeFirst();
      await tx.kysely
        .insertInto('topic_drafts')
        .values({
          org_id: orgId,
          topic_id: topicId,
          is_general: published?.is_general ?? 0,
          document: document,
          version: 1,
          updated_at: change.at,
          updated_by: change.by,
        })
        .execute();
      draftVersion = 1;
    }
    return { topic: JSON.parse(document) as Topic, version: draftVersion };
  });
}
