import { localise, type Topic } from '@portal/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { OrganisationRecord } from './organisation-service';
import { foldAccents, plainText, searchConfig } from './search-index';
import type { ViewerContext } from './viewer-service';

export const SEARCH_MIN_LENGTH = 3;
const LIMIT = 50;

export interface SearchHit {
  _id: string;
  name: string;
  description: string;
  topicImage?: { secure_url: string };
}

/**
 * The words of a query, each reduced to letters and digits: whatever a learner types (quotes,
 * `*`, `NEAR`, `:`, `&`, `'; DROP …`) reaches the full-text engine only as plain words.
 */
export function searchTerms(keywords: string): string[] {
  return [...keywords.normalize('NFC').matchAll(/[\p{L}\p{N}]+/gu)]
    .map((m) => m[0].toLowerCase())
    .slice(0, 12);
}

export class SearchService {
  constructor(private readonly db: Db) {}

  /** Topics matching every word (as a prefix), in the locale's index, ranked, visible to the viewer. */
  async search(
    org: OrganisationRecord,
    keywords: string,
    locale: string,
    viewer: ViewerContext,
    topicGroup?: string,
  ): Promise<SearchHit[]> {
    const terms = searchTerms(keywords);
    if (keywords.trim().length < SEARCH_MIN_LENGTH || !terms.length) return [];
    const granted = [...viewer.grantedTopicIds];
    const visible = granted.length
      ? sql`(s.visibility = 'Public' or s.topic_id in (${sql.join(granted)}))`
      : sql`s.visibility = 'Public'`;
    const inGroup = topicGroup
      ? sql`and s.topic_id in (select topic_id from topic_group_topics where org_id = ${org.id} and group_id = ${topicGroup})`
      : sql``;

    let ids: string[];
    if (this.db.dialect === 'postgres') {
      const query = terms.map((t) => `${foldAccents(t)}:*`).join(' & ');
      const config = searchConfig(locale);
      const rows = await sql<{ topic_id: string }>`
        select s.topic_id from topic_search s, to_tsquery(${config}::regconfig, ${query}) q
        where s.org_id = ${org.id} and s.locale = ${locale} and s.document @@ q and ${visible} ${inGroup}
        order by ts_rank(s.document, q) desc, s.topic_id limit ${LIMIT}`.execute(this.db.kysely);
      ids = rows.rows.map((r) => r.topic_id);
    } else {
      const match = terms.map((t) => `"${t}"*`).join(' ');
      const rows = await sql<{ topic_id: string }>`
        select s.topic_id from topic_search s
        where topic_search match ${match} and s.org_id = ${org.id} and s.locale = ${locale} and ${visible} ${inGroup}
        order by bm25(topic_search, 0, 0, 0, 0, 10.0, 4.0, 1.0), s.topic_id limit ${LIMIT}`.execute(
        this.db.kysely,
      );
      ids = rows.rows.map((r) => r.topic_id);
    }
    if (!ids.length) return [];
    const topics = await this.db.kysely
      .selectFrom('topics')
      .select(['id', 'data'])
      .where('org_id', '=', org.id)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(topics.map((t) => [t.id, JSON.parse(t.data) as Topic]));
    return ids.flatMap((id) => {
      const topic = byId.get(id);
      if (!topic) return [];
      return [
        {
          _id: id,
          name: localise(topic.name, locale),
          description: plainText(localise(topic.description, locale)),
          ...(topic.topicImage && { topicImage: { secure_url: topic.topicImage.secure_url } }),
        },
      ];
    });
  }
}
