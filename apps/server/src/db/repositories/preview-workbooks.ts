import type { Topic } from '@portal/domain';
import type { Executor } from './executor';
import { loadDraft } from './topic-drafts';
import type { WorkbookRecord } from './workbooks';

/**
 * The studio's preview (docs/design.md §14): an author's preview workbook, one per author and
 * organisation in `preview_workbooks` (never `workbooks`), and the topic a preview shows.
 */

export async function findPreviewWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<WorkbookRecord | undefined> {
  const row = await db.kysely
    .selectFrom('preview_workbooks')
    .select(['data', 'version', 'updated_at'])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { data: row.data, version: Number(row.version), updatedAt: row.updated_at };
}

/** Stores an author's first preview workbook; false when one is there already (made meanwhile). */
export async function insertPreviewWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
  record: WorkbookRecord,
): Promise<boolean> {
  const result = await db.kysely
    .insertInto('preview_workbooks')
    .values({
      org_id: orgId,
      user_id: userId,
      data: record.data,
      version: record.version,
      updated_at: record.updatedAt,
    })
    .onConflict((oc) => oc.columns(['org_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Writes the preview workbook if its row still has `expectedVersion`; false when it has not. */
export async function updatePreviewWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
  record: WorkbookRecord,
  expectedVersion: number,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('preview_workbooks')
    .set({ data: record.data, version: record.version, updated_at: record.updatedAt })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePreviewWorkbook(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<void> {
  await db.kysely
    .deleteFrom('preview_workbooks')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
}

/** The topic a preview shows, and whether it is the organisation's general topic. */
export interface PreviewTopic {
  topic: Topic;
  isGeneral: boolean;
  /** Whether this is the draft (else the published topic: no draft was saved yet). */
  isDraft: boolean;
}

/**
 * A topic of the organisation as a preview shows it: its draft, else its published version;
 * "general" names the organisation's general topic. Null when the organisation has no such topic.
 */
export async function findPreviewTopic(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<PreviewTopic | null> {
  const id = topicId === 'general' ? await generalTopicId(db, orgId) : topicId;
  if (id === null) return null;
  const draft = await loadDraft(db, orgId, id);
  if (draft) return { topic: draft.topic, isGeneral: draft.isGeneral, isDraft: true };
  const row = await db.kysely
    .selectFrom('topics')
    .select(['data', 'is_general'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { topic: JSON.parse(row.data) as Topic, isGeneral: row.is_general === 1, isDraft: false }
    : null;
}

/** The id of the organisation's general topic, published or only drafted; null when none. */
async function generalTopicId(db: Executor, orgId: string): Promise<string | null> {
  const published = await db.kysely
    .selectFrom('topics')
    .select('id')
    .where('org_id', '=', orgId)
    .where('is_general', '=', 1)
    .executeTakeFirst();
  if (published) return published.id;
  const drafted = await db.kysely
    .selectFrom('topic_drafts')
    .select('topic_id')
    .where('org_id', '=', orgId)
    .where('is_general', '=', 1)
    .executeTakeFirst();
  return drafted?.topic_id ?? null;
}
