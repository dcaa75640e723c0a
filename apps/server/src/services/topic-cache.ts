import type { Caches, NamedCache } from '../cache';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { loadTopic, type StoredTopic } from '../db/repositories/topics';

export type { StoredTopic };

/**
 * Parsed topics, by organisation and topic id: a topic is parsed once, not once per request,
 * and kept until its content changes (`caches.changed({content: {org, topic}})`).
 */
export class TopicCache {
  private readonly entries: NamedCache<
    { org: OrganisationRecord; topicId: string },
    { stored: StoredTopic | null }
  >;

  constructor(db: Db, caches: Caches) {
    this.entries = caches.define('topics', {
      max: 500,
      key: ({ org, topicId }) => `${org.id}\u0000${topicId}`,
      load: async ({ org, topicId }) => ({ stored: await loadTopic(db, org.id, topicId) }),
      dependsOn: ({ org, topicId }) => [{ content: { org: org.id, topic: topicId } }],
    });
  }

  async load(org: OrganisationRecord, topicId: string): Promise<StoredTopic | null> {
    return (await this.entries.get({ org, topicId }))?.stored ?? null;
  }
}
