import { randomUUID } from 'node:crypto';
import type { Executor } from './executor';

/**
 * The audit trail of changes made in the studio (and later the console): who did what to what,
 * when. Written by the use case that makes the change, in its transaction; never changed.
 */

export interface AuditEvent {
  /** The account that made the change; null for the system. */
  actor: string | null;
  /** What was done: `topic.create`, `topic.save`, `topic.publish`, `catalogue.save`… */
  action: string;
  /** What it was done to: `topic:{id}`, `catalogue`. */
  target: string;
  /** What the change carried (version numbers, a note), as JSON. */
  detail: Record<string, unknown>;
  at: string;
}

export interface StoredAuditEvent extends AuditEvent {
  id: string;
}

export async function insertAuditEvent(
  db: Executor,
  orgId: string,
  event: AuditEvent,
): Promise<void> {
  await db.kysely
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      org_id: orgId,
      at: event.at,
      actor_id: event.actor,
      action: event.action,
      target: event.target,
      detail: JSON.stringify(event.detail),
    })
    .execute();
}

/** The organisation's events, oldest first, optionally of one target. */
export async function auditEventsOf(
  db: Executor,
  orgId: string,
  options: { target?: string; limit?: number } = {},
): Promise<StoredAuditEvent[]> {
  let query = db.kysely
    .selectFrom('audit_events')
    .select(['id', 'at', 'actor_id', 'action', 'target', 'detail'])
    .where('org_id', '=', orgId);
  if (options.target !== undefined) query = query.where('target', '=', options.target);
  const rows = await query
    .orderBy('at')
    .orderBy('id')
    .limit(options.limit ?? 1_000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor_id,
    action: row.action,
    target: row.target,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }));
}
