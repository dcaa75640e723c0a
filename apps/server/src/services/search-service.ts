import { localise, type SearchHit } from '@portal/domain';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { searchTopicIds } from '../db/repositories/search';
import { topicsByIds } from '../db/repositories/topics';
import { canSeeTopic, type Viewer } from '../policies';
import { plainText } from './search-index';

export const SEARCH_MIN_LENGTH = 3;

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
    viewer: Viewer,
    topicGroup?: string,
  ): Promise<SearchHit[]> {
    const terms = searchTerms(keywords);
    if (keywords.trim().length < SEARCH_MIN_LENGTH || !terms.length) return [];
    const ids = await searchTopicIds(this.db, {
      orgId: org.id,
      locale,
      terms,
      grantedTopicIds: viewer.grantedTopicIds,
      ...(topicGroup && { topicGroup }),
    });
    const byId = await topicsByIds(this.db, org.id, ids);
    return ids.flatMap((id) => {
      const topic = byId.get(id);
      if (!topic || !canSeeTopic(viewer, topic)) return [];
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
