import type { Caches, Dependency, NamedCache } from '../cache';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { loadTopic, type StoredTopic } from '../db/repositories/topics';

export type { StoredTopic };

/**
 * What an entry of a topic depends on: the topic, or for "general" (the organisation's general
 * topic, whatever its id) the organisation's content.
 */
export const contentOf = (org: OrganisationRecord, topicId: string): Dependency =>
  topicId === 'general'
    ? { content: { org: org.id } }
    : { content: { org: org.id, topic: topicId } };

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
      dependsOn: ({ org, topicId }) => [contentOf(org, topicId)],
    });
  }

  async load(org: OrganisationRecord, topicId: string): Promise<StoredTopic | null> {
    return (await this.entries.get({ org, topicId }))?.stored ?? null;
  }

  /** What `load` would answer at once (null: no such topic), or undefined if not fresh here. */
  fresh(org: OrganisationRecord, topicId: string): StoredTopic | null | undefined {
    const entry = this.entries.fresh({ org, topicId });
    return entry === undefined ? undefined : entry.stored;
  }
}
