import { randomUUID } from 'node:crypto';
import type { Topic } from '@portal/domain';
import type { Executor } from './executor';

/**
 * What the studio reads of an organisation's topics beyond one draft (`topic-drafts.ts`) and its
 * versions (`topic-versions.ts`): every topic with its draft and published copy, archiving, the
 * names of the authors, and the learners' workbooks that hold answers to a topic.
 */

export interface StudioTopicRow {
  id: string;
  isGeneral: boolean;
  draft: Topic;
  /** The draft as stored (JSON), to compare with the published copy. */
  draftDocument: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  archived: boolean;
  /** The published copy learners read, or null when never published. */
  published: { document: string; version: number; position: number } | null;
}

/** Every topic of the organisation that has a draft (every topic does), in published order. */
export async function studioTopicRows(db: Executor, orgId: string): Promise<StudioTopicRow[]> {
  const rows = await db.kysely
    .selectFrom('topic_drafts as d')
    .leftJoin('topics as t', (join) =>
      join.onRef('t.org_id', '=', 'd.org_id').onRef('t.id', '=', 'd.topic_id'),
    )
    .select([
      'd.topic_id',
      'd.is_general',
      'd.document',
      'd.version',
      'd.updated_at',
      'd.updated_by',
      'd.archived',
      't.data',
      't.published_version',
      't.position',
    ])
    .where('d.org_id', '=', orgId)
    .execute();
  const list = rows.map((r) => ({
    id: r.topic_id,
    isGeneral: r.is_general === 1,
    draft: JSON.parse(r.document) as Topic,
    draftDocument: r.document,
    version: r.version,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    archived: r.archived === 1,
    published:
      r.data === null || r.published_version === null || r.position === null
        ? null
        : { document: r.data, version: r.published_version, position: r.position },
  }));
  // Published topics in their order, then those never published, by id.
  return list.sort((a, b) => {
    const pa = a.published?.position ?? Number.MAX_SAFE_INTEGER;
    const pb = b.published?.position ?? Number.MAX_SAFE_INTEGER;
    return pa - pb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

/** The published version learners read, with whether it is archived; null if never published. */
export async function publishedStateOf(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<{ version: number; document: string } | null> {
  const row = await db.kysely
    .selectFrom('topics')
    .select(['published_version', 'data'])
    .where('org_id', '=', orgId)
    .where('id', '=', topicId)
    .executeTakeFirst();
  return row ? { version: row.published_version, document: row.data } : null;
}

/** Whether any topic of the organisation, published or draft, has this id. */
export async function topicIdTaken(db: Executor, orgId: string, topicId: string): Promise<boolean> {
  const [draft, published] = await Promise.all([
    db.kysely
      .selectFrom('topic_drafts')
      .select('topic_id')
      .where('org_id', '=', orgId)
      .where('topic_id', '=', topicId)
      .executeTakeFirst(),
    db.kysely
      .selectFrom('topics')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '=', topicId)
      .executeTakeFirst(),
  ]);
  return draft !== undefined || published !== undefined;
}

/** Whether the topic is archived (null: the organisation has no such topic). */
export async function isArchived(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<boolean | null> {
  const row = await db.kysely
    .selectFrom('topic_drafts')
    .select('archived')
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return row ? row.archived === 1 : null;
}

/**
 * Archives a topic or brings it back: its draft says so for the studio, its published copy for
 * every reader (learners never read an archived topic). False when the topic has no draft.
 */
export async function setArchived(
  tx: Executor,
  orgId: string,
  topicId: string,
  archived: boolean,
): Promise<boolean> {
  const flag = archived ? 1 : 0;
  const updated = await tx.kysely
    .updateTable('topic_drafts')
    .set({ archived: flag })
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await tx.kysely
    .updateTable('topics')
    .set({ archived: flag })
    .where('org_id', '=', orgId)
    .where('id', '=', topicId)
    .execute();
  return true;
}

/** Names of accounts of the organisation, by id. */
export async function accountNames(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Map<string, { first: string; last: string; username: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('org_id', '=', orgId)
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { first: r.first_name, last: r.last_name, username: r.username }]),
  );
}

/**
 * The learners' workbooks (JSON) that may hold answers to the topic: those whose text names it,
 * or every one for the general topic (its answers are in `general`). The caller reads them.
 */
export async function workbooksNaming(
  db: Executor,
  orgId: string,
  topicId: string | null,
): Promise<string[]> {
  let query = db.kysely.selectFrom('workbooks').select('data').where('org_id', '=', orgId);
  // An id holds only letters, digits, "-" and "_" ("_" matches any one character: the caller checks).
  if (topicId !== null) query = query.where('data', 'like', `%"${topicId}"%`);
  const rows = await query.execute();
  return rows.map((r) => r.data);
}

/**
 * The organisation's content is no longer the last imported pack: its hash changes, so that
 * processes without the bus let go of what they cached (they check it once a second), and
 * importing that pack again is not skipped as unchanged.
 */
export async function markContentChanged(tx: Executor, orgId: string, at: string): Promise<void> {
  await tx.kysely
    .updateTable('organisations')
    .set({ content_hash: `studio:${randomUUID()}`, updated_at: at })
    .where('id', '=', orgId)
    .execute();
}

/** The id of the organisation's general topic, or null. */
export async function generalTopicId(db: Executor, orgId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('topic_drafts')
    .select('topic_id')
    .where('org_id', '=', orgId)
    .where('is_general', '=', 1)
    .executeTakeFirst();
  return row?.topic_id ?? null;
}
