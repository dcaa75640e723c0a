import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { loadTopic, type StoredTopic } from '../db/repositories/topics';

export type { StoredTopic };

/**
 * Parsed topics, keyed by organisation, content hash and topic id: a topic is parsed once per
 * import, not once per request, and an import (a new content hash) retires the old entries.
 */
export class TopicCache {
  private readonly entries = new LRUCache<string, { stored: StoredTopic | null }>({ max: 500 });

  constructor(private readonly db: Db) {}

  async load(org: OrganisationRecord, topicId: string): Promise<StoredTopic | null> {
    const key = `${org.id}\u0000${org.contentHash}\u0000${topicId}`;
    const hit = this.entries.get(key);
    if (hit) return hit.stored;
    const stored = await loadTopic(this.db, org.id, topicId);
    this.entries.set(key, { stored });
    return stored;
  }
}
