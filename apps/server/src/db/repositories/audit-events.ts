import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@portal/domain';
import type { Executor } from './executor';

/**
 * The audit log (docs/design.md §15): who changed what, when, and what it was before and after.
 * Written by the use case that makes the change, in its transaction; never changed (migration
 * 0019 makes the database refuse an UPDATE).
 */

export interface AuditEvent {
  /** The account that made the change; null for the system (the CLI, a job). */
  actor: string | null;
  /** What was done: `topic.create`, `topic.save`, `topic.publish`, `catalogue.save`… */
  action: AuditAction;
  /** What it was done to: `topic:{id}`, `catalogue`. */
  target: string;
  /** What the change carried beyond the target's state (a note), as JSON. */
  detail: Record<string, unknown>;
  /** The target (or the part of it that changed) before the change; null: it did not exist. */
  before?: unknown;
  /** The same after the change; null: it is gone. */
  after?: unknown;
  at: string;
}

export interface StoredAuditEvent extends Omit<
  AuditEvent,
  'actor' | 'action' | 'before' | 'after'
> {
  id: string;
  /** As stored: an action of this version, or of a later one. */
  action: string;
  actor: { id: string; first: string; last: string; username: string } | null;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

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
      before: json(event.before),
      after: json(event.after),
    })
    .execute();
}

/** What the log is filtered by; every filter given must hold. */
export interface AuditFilter {
  /** An account id, or null for the system's events. */
  actor?: string | null;
  /** An action, or a family of them when it ends with a dot (`topic.`). */
  action?: string;
  target?: string;
  /** From (inclusive) and until (exclusive), ISO 8601 times. */
  from?: string;
  to?: string;
}

/** Where a page of the log starts: just older than this event. */
export interface AuditPosition {
  at: string;
  id: string;
}

/**
 * The organisation's events that the filter keeps, newest first: `limit` of them, older than
 * `after` when it is given.
 */
export async function auditEventsOf(
  db: Executor,
  orgId: string,
  filter: AuditFilter = {},
  page: { limit?: number; after?: AuditPosition } = {},
): Promise<StoredAuditEvent[]> {
  let query = db.kysely
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.id',
      'e.at',
      'e.actor_id',
      'e.action',
      'e.target',
      'e.detail',
      'e.before',
      'e.after',
      'u.first_name',
      'u.last_name',
      'u.username',
    ])
    .where('e.org_id', '=', orgId);
  if (filter.actor === null) query = query.where('e.actor_id', 'is', null);
  else if (filter.actor !== undefined) query = query.where('e.actor_id', '=', filter.actor);
  // A family by its prefix (action names are letters and dots: nothing LIKE would read).
  if (filter.action?.endsWith('.')) query = query.where('e.action', 'like', `${filter.action}%`);
  else if (filter.action !== undefined) query = query.where('e.action', '=', filter.action);
  if (filter.target !== undefined) query = query.where('e.target', '=', filter.target);
  if (filter.from !== undefined) query = query.where('e.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('e.at', '<', filter.to);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('e.at', '<', after.at),
        eb.and([eb('e.at', '=', after.at), eb('e.id', '<', after.id)]),
      ]),
    );
  const rows = await query
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(page.limit ?? 1_000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor:
      row.actor_id === null
        ? null
        : {
            id: row.actor_id,
            first: row.first_name ?? '',
            last: row.last_name ?? '',
            username: row.username ?? '',
          },
    action: row.action,
    target: row.target,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  }));
}
