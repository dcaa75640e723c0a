import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@portal/domain';
import type { Db } from '../db/database';
import { insertEvent } from '../db/repositories/events';

/** Analytics events sent by the browser (such as UPLOAD_FILE), kept per organisation. */
export class EventService {
  constructor(private readonly db: Db) {}

  async record(orgId: string, userId: string | null, event: AnalyticsEvent): Promise<void> {
    await insertEvent(this.db, {
      id: randomUUID(),
      orgId,
      userId,
      name: event.name,
      category: event.category,
      payload: event.data,
      createdAt: new Date().toISOString(),
    });
  }
}
