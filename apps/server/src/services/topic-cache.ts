import type { Topic } from '@portal/domain';
import type { Db } from '../db/database';
import type { OrganisationRecord } from './organisation-service';

export interface StoredTopic {
  topic: Topic;
  isGeneral: boolean;
}

const MAX_ENTRIES = 500;

/**
 * Parsed topics, keyed by organisation, content hash and topic id: a topic is parsed once per
 * import, not once per request, and an import (a new content hash) retires the old entries.
 */
export class TopicCache {
  private readonly entries = new Map<string, StoredTopic | null>();

  constructor(private readonly db: Db) {}

  async load(org: OrganisationRecord, topicId: string): Promise<StoredTopic | null> {
    const key = `${org.id}\u0000${org.contentHash}\u0000${topicId}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    let query = this.db.kysely
      .selectFrom('topics')
      .select(['data', 'is_general'])
      .where('org_id', '=', org.id);
    query =
      topicId === 'general'
        ? query.where('is_general', '=', 1)
        : query.where('id', '=', topicId).where('is_general', '=', 0);
    const row = await query.executeTakeFirst();
    const stored = row
      ? { topic: JSON.parse(row.data) as Topic, isGeneral: row.is_general === 1 }
      : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, stored);
    return stored;
  }
}
