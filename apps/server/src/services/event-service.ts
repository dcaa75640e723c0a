import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@portal/domain';
import type { Db } from '../db/database';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { insertEvent } from '../db/repositories/events';
import { invalid } from './errors';
import type { TopicCache } from './topic-cache';

/**
 * Analytics events sent by the browser (UPLOAD_FILE, PAGE_VIEWED, FIELD_ANSWERED, …), kept per
 * organisation with the account that sent them and the time. An event that names a topic or a
 * page must name one of this organisation's: another organisation's ids are refused.
 */
export class EventService {
  constructor(
    private readonly db: Db,
    private readonly topics: TopicCache,
  ) {}

  async record(
    org: OrganisationRecord,
    userId: string | null,
    event: AnalyticsEvent,
  ): Promise<void> {
    await this.checkReferences(org, event.data);
    await insertEvent(this.db, {
      id: randomUUID(),
      orgId: org.id,
      userId,
      name: event.name,
      category: event.category,
      payload: event.data,
      createdAt: new Date().toISOString(),
    });
  }

  private async checkReferences(org: OrganisationRecord, data: AnalyticsEvent['data']) {
    const { topicId, pageId } = data;
    if (typeof topicId !== 'string') return;
    const stored = await this.topics.load(org, topicId);
    if (!stored) throw invalid('eventUnknownTopic', { 'data.topicId': 'notATopicHere' });
    if (typeof pageId === 'string' && !stored.topic.pages.some((page) => page._id === pageId))
      throw invalid('eventUnknownTopic', { 'data.pageId': 'notAPageHere' });
  }
}
