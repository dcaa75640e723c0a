import type { Topic } from '@portal/domain';
import { sql } from 'kysely';
import { searchDocumentsVisibleSql } from '../../policies/topics';
import type { Executor } from './executor';

const LIMIT = 50;

/**
 * Letters without their accents ("épargne" → "epargne"), so a search finds a word however it is
 * typed, as SQLite's `remove_diacritics` does; PostgreSQL's `unaccent` would need an extension.
 */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** PostgreSQL's text-search configuration for a locale: stemming in the learner's language. */
export function searchConfig(locale: string): 'english' | 'french' | 'simple' {
  if (locale.startsWith('en')) return 'english';
  if (locale.startsWith('fr')) return 'french';
  return 'simple';
}

export interface SearchQuery {
  orgId: string;
  locale: string;
  /** Plain words (letters and digits only), each matched as a prefix. */
  terms: string[];
  /** Topics the viewer was granted: private ones, and every page of public ones. */
  grantedTopicIds: ReadonlySet<string>;
  /** Only topics of this topic group. */
  topicGroup?: string;
}

/** Ids of the topics holding every term, best first (FTS5 on SQLite, tsvector on PostgreSQL). */
export async function searchTopicIds(db: Executor, q: SearchQuery): Promise<string[]> {
  // Each topic is matched in the one document of what this viewer may open (SearchAudience):
  // words of pages the viewer may not open find nothing.
  const visible = searchDocumentsVisibleSql(q.grantedTopicIds, {
    audience: 's.audience',
    topic: 's.topic_id',
  });
  const inGroup = q.topicGroup
    ? sql`and s.topic_id in (select topic_id from topic_group_topics where org_id = ${q.orgId} and group_id = ${q.topicGroup})`
    : sql``;
  if (db.dialect === 'postgres') {
    const query = q.terms.map((t) => `${foldAccents(t)}:*`).join(' & ');
    const rows = await sql<{ topic_id: string }>`
      select s.topic_id from topic_search s, to_tsquery(${searchConfig(q.locale)}::regconfig, ${query}) q
      where s.org_id = ${q.orgId} and s.locale = ${q.locale} and s.document @@ q and ${visible} ${inGroup}
      order by ts_rank(s.document, q) desc, s.topic_id limit ${LIMIT}`.execute(db.kysely);
    return rows.rows.map((r) => r.topic_id);
  }
  const match = q.terms.map((t) => `"${t}"*`).join(' ');
  const rows = await sql<{ topic_id: string }>`
    select s.topic_id from topic_search s
    where topic_search match ${match} and s.org_id = ${q.orgId} and s.locale = ${q.locale} and ${visible} ${inGroup}
    order by bm25(topic_search, 0, 0, 0, 0, 10.0, 4.0, 1.0), s.topic_id limit ${LIMIT}`.execute(
    db.kysely,
  );
  return rows.rows.map((r) => r.topic_id);
}

/** Every organisation with its locales: whose topics the search index is rebuilt from. */
export async function organisationsToIndex(
  db: Executor,
): Promise<Array<{ id: string; locales: string[] }>> {
  const orgs = await db.kysely.selectFrom('organisations').select(['id', 'settings']).execute();
  return orgs.map((org) => ({
    id: org.id,
    locales: (JSON.parse(org.settings) as { locales: string[] }).locales,
  }));
}

/** An organisation's stored topics in their order, the general topic aside (it is not searched). */
export async function topicsToIndex(db: Executor, orgId: string): Promise<Topic[]> {
  const rows = await db.kysely
    .selectFrom('topics')
    .select('data')
    .where('org_id', '=', orgId)
    .where('is_general', '=', 0)
    .where('archived', '=', 0)
    .orderBy('position')
    .execute();
  return rows.map((row) => JSON.parse(row.data) as Topic);
}
