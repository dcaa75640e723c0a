import { randomUUID } from 'node:crypto';
import type { Topic } from '@portal/domain';
import { insertChunks } from './chunks';
import { inTransaction, type Executor } from './executor';

/**
 * Topics stored one by one (docs/design.md §14): one draft per topic (`topic_drafts`), numbered
 * immutable published versions (`topic_versions`), and the published topic in `topics`, which is
 * all that learners and every other reader read (`loadTopic`, `topicsByIds`, `catalogueOf`…).
 *
 * Publishing writes a version (the topic's highest + 1), the `topics` row and the topic's
 * `contents` rows, in one transaction. A draft that had no unpublished changes follows what is
 * published; a draft with unpublished changes is left as its author left it. Drafts are read and
 * saved in `topic-drafts.ts`.
 */

/** The published topic as stored in `topics`. */
export interface PublishedTopic {
  id: string;
  isGeneral: boolean;
  position: number;
  /** The published version learners read. */
  version: number;
  /** Archived in the studio: hidden from learners, left out of packs. */
  archived: boolean;
  topic: Topic;
}

/** An organisation's published topics (the general one among them), in position order. */
export async function publishedTopicsOf(db: Executor, orgId: string): Promise<PublishedTopic[]> {
  const rows = await db.kysely
    .selectFrom('topics')
    .select(['id', 'is_general', 'position', 'published_version', 'archived', 'data'])
    .where('org_id', '=', orgId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    isGeneral: row.is_general === 1,
    position: row.position,
    version: row.published_version,
    archived: row.archived === 1,
    topic: JSON.parse(row.data) as Topic,
  }));
}

export interface TopicToPublish {
  topic: Topic;
  isGeneral: boolean;
  /** Order among the organisation's topics; the general topic's is -1. */
  position: number;
}

/** Who makes a change and when; `by` is an account id, null for a pack import. */
export interface Change {
  by: string | null;
  at: string;
  /** What the author said of the versions this change publishes (studio publish). */
  note?: string | null;
}

/** Rows of `contents`: the content fragments of a topic, stored apart (long bodies, search). */
function contentRows(orgId: string, topic: Topic) {
  return topic.pages.flatMap((page) =>
    page.fragments.flatMap((fragment) =>
      fragment.type === 'content'
        ? [
            {
              org_id: orgId,
              id: fragment._id,
              page_id: page._id,
              topic_id: topic._id,
              topic_visibility: topic.visibility,
              page_visibility: page.visibility,
              body: JSON.stringify(fragment.content),
            },
          ]
        : [],
    ),
  );
}

/**
 * Publishes a new version of each topic (keyed by its `_id`), in the caller's transaction.
 * Returns each topic's new version number.
 */
export async function publishTopics(
  tx: Executor,
  orgId: string,
  topics: readonly TopicToPublish[],
  change: Change,
): Promise<Map<string, number>> {
  const published = new Map<string, number>();
  if (!topics.length) return published;
  const k = tx.kysely;
  const ids = topics.map((t) => t.topic._id);
  const [latest, before, drafts] = await Promise.all([
    k
      .selectFrom('topic_versions')
      .select(['topic_id', (eb) => eb.fn.max('version').as('version')])
      .where('org_id', '=', orgId)
      .where('topic_id', 'in', ids)
      .groupBy('topic_id')
      .execute(),
    k
      .selectFrom('topics')
      .select(['id', 'data'])
      .where('org_id', '=', orgId)
      .where('id', 'in', ids)
      .execute(),
    k
      .selectFrom('topic_drafts')
      .select(['topic_id', 'document', 'archived'])
      .where('org_id', '=', orgId)
      .where('topic_id', 'in', ids)
      .execute(),
  ]);
  const latestOf = new Map(latest.map((r) => [r.topic_id, Number(r.version)]));
  const beforeOf = new Map(before.map((r) => [r.id, r.data]));
  const draftOf = new Map(drafts.map((r) => [r.topic_id, r.document]));
  // An archived topic stays archived when a new version of it is published.
  const archivedOf = new Map(drafts.map((r) => [r.topic_id, r.archived]));
  const documents = topics.map((t) => JSON.stringify(t.topic));
  for (const id of ids) published.set(id, (latestOf.get(id) ?? 0) + 1);

  await insertChunks(
    k,
    'topic_versions',
    topics.map((t, i) => ({
      org_id: orgId,
      topic_id: t.topic._id,
      version: published.get(t.topic._id),
      document: documents[i],
      published_at: change.at,
      published_by: change.by,
      note: change.note ?? null,
    })),
  );
  await k.deleteFrom('topics').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  await insertChunks(
    k,
    'topics',
    topics.map((t, i) => ({
      org_id: orgId,
      id: t.topic._id,
      position: t.position,
      is_general: t.isGeneral ? 1 : 0,
      visibility: t.topic.visibility,
      data: documents[i],
      published_version: published.get(t.topic._id),
      archived: archivedOf.get(t.topic._id) ?? 0,
    })),
  );
  await k.deleteFrom('contents').where('org_id', '=', orgId).where('topic_id', 'in', ids).execute();
  await insertChunks(
    k,
    'contents',
    topics.flatMap((t) => contentRows(orgId, t.topic)),
  );

  await insertChunks(
    k,
    'topic_drafts',
    topics.flatMap((t, i) =>
      draftOf.has(t.topic._id)
        ? []
        : [
            {
              org_id: orgId,
              topic_id: t.topic._id,
              is_general: t.isGeneral ? 1 : 0,
              document: documents[i],
              version: 1,
              updated_at: change.at,
              updated_by: change.by,
            },
          ],
    ),
  );
  for (const [i, t] of topics.entries()) {
    const draft = draftOf.get(t.topic._id);
    // A draft without unpublished changes follows; one with changes stays the author's.
    if (draft === undefined || draft === documents[i] || draft !== beforeOf.get(t.topic._id))
      continue;
    await k
      .updateTable('topic_drafts')
      .set((eb) => ({
        document: documents[i],
        is_general: t.isGeneral ? 1 : 0,
        version: eb('version', '+', 1),
        updated_at: change.at,
        updated_by: change.by,
      }))
      .where('org_id', '=', orgId)
      .where('topic_id', '=', t.topic._id)
      .execute();
  }
  return published;
}

/** Moves published topics without a new version (their document is unchanged). */
export async function placeTopics(
  tx: Executor,
  orgId: string,
  places: ReadonlyArray<{ id: string; position: number; isGeneral: boolean }>,
): Promise<void> {
  for (const place of places)
    await tx.kysely
      .updateTable('topics')
      .set({ position: place.position, is_general: place.isGeneral ? 1 : 0 })
      .where('org_id', '=', orgId)
      .where('id', '=', place.id)
      .execute();
}

/**
 * Topics no longer published (a pack left them out): learners stop seeing them and their draft
 * goes; their published versions stay (numbering goes on if the topic comes back), and so do the
 * learners' workbooks.
 */
export async function unpublishTopics(
  tx: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  const k = tx.kysely;
  await k.deleteFrom('topics').where('org_id', '=', orgId).where('id', 'in', ids).execute();
  await k.deleteFrom('contents').where('org_id', '=', orgId).where('topic_id', 'in', ids).execute();
  await k
    .deleteFrom('topic_drafts')
    .where('org_id', '=', orgId)
    .where('topic_id', 'in', ids)
    .execute();
}

/**
 * Publishes the topic's draft: a new version unless the draft is what is published already
 * (then that version). A topic published for the first time goes after the others. Null when the
 * topic has no draft.
 */
export async function publishDraft(
  db: Executor,
  orgId: string,
  topicId: string,
  change: Change,
): Promise<{ version: number; isNew: boolean } | null> {
  return inTransaction(db, async (tx) => {
    // Publishes and imports of one organisation take turns, so that two never number the same
    // version (an import updates this row first; SQLite runs one write transaction at a time).
    if (tx.dialect === 'postgres')
      await tx.kysely
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', orgId)
        .forUpdate()
        .execute();
    const draft = await tx.kysely
      .selectFrom('topic_drafts')
      .select(['document', 'is_general'])
      .where('org_id', '=', orgId)
      .where('topic_id', '=', topicId)
      .executeTakeFirst();
    if (!draft) return null;
    const current = await tx.kysely
      .selectFrom('topics')
      .select(['data', 'position', 'published_version'])
      .where('org_id', '=', orgId)
      .where('id', '=', topicId)
      .executeTakeFirst();
    if (current && current.data === draft.document)
      return { version: current.published_version, isNew: false };
    const isGeneral = draft.is_general === 1;
    let position = current?.position;
    if (position === undefined) {
      const last = await tx.kysely
        .selectFrom('topics')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      position = isGeneral ? -1 : Math.max(-1, Number(last?.position ?? -1)) + 1;
    }
    const versions = await publishTopics(
      tx,
      orgId,
      [{ topic: JSON.parse(draft.document) as Topic, isGeneral, position }],
      change,
    );
    // The organisation's content is no longer the last imported pack: its hash changes, so that
    // caches keyed by it let go, and importing that pack again is not skipped as unchanged.
    await tx.kysely
      .updateTable('organisations')
      .set({ content_hash: `published:${randomUUID()}`, updated_at: change.at })
      .where('id', '=', orgId)
      .execute();
    return { version: versions.get(topicId)!, isNew: true };
  });
}

export interface TopicVersionEntry {
  version: number;
  publishedAt: string;
  /** The account that published it; null for a pack import. */
  publishedBy: string | null;
  note: string | null;
}

/** A topic's published versions, newest first. */
export async function listVersions(
  db: Executor,
  orgId: string,
  topicId: string,
): Promise<TopicVersionEntry[]> {
  const rows = await db.kysely
    .selectFrom('topic_versions')
    .select(['version', 'published_at', 'published_by', 'note'])
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    publishedAt: row.published_at,
    publishedBy: row.published_by,
    note: row.note,
  }));
}

/** One published version of a topic (to preview or compare), or null. */
export async function loadVersion(
  db: Executor,
  orgId: string,
  topicId: string,
  version: number,
): Promise<Topic | null> {
  const document = await versionDocument(db, orgId, topicId, version);
  return document === null ? null : (JSON.parse(document) as Topic);
}

/** The stored JSON of one published version, or null. */
export async function versionDocument(
  db: Executor,
  orgId: string,
  topicId: string,
  version: number,
): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('topic_versions')
    .select('document')
    .where('org_id', '=', orgId)
    .where('topic_id', '=', topicId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.document ?? null;
}
