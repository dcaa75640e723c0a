import type { Executor } from './executor';

export interface NewEvent {
  id: string;
  orgId: string;
  userId: string | null;
  name: string;
  category: string;
  payload: unknown;
  createdAt: string;
}

export async function insertEvent(db: Executor, event: NewEvent): Promise<void> {
  await db.kysely
    .insertInto('analytics_events')
    .values({
      id: event.id,
      org_id: event.orgId,
      user_id: event.userId,
      name: event.name,
      category: event.category,
      payload: JSON.stringify(event.payload),
      created_at: event.createdAt,
    })
    .execute();
}
