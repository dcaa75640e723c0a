import {
  AUDIT_CSV_MAX_ROWS,
  type AuditEventView,
  type AuditQuery,
  type RouteAnswer,
} from '@portal/domain';
import type { Db } from '../../db/database';
import {
  auditEventsOf,
  type AuditFilter,
  type AuditPosition,
  type StoredAuditEvent,
} from '../../db/repositories/audit-events';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { assertMayAdminister, type Viewer } from '../../policies';
import { presentAuditEvent } from '../../presenters/audit';
import { invalid } from '../errors';

/** The actor filter's word for the system's own events (the CLI, jobs). */
export const SYSTEM_ACTOR = 'system';

/** A page's cursor: the last event's time and id, base64url (opaque to the client). */
const cursorOf = (event: StoredAuditEvent) =>
  Buffer.from(`${event.at}|${event.id}`).toString('base64url');

function positionOf(cursor: string): AuditPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length || Number.isNaN(Date.parse(at)))
    throw invalid('auditCursorInvalid', { cursor: 'notAuditCursor' });
  return { at, id };
}

/** A date alone is that day from midnight UTC; a time is read as given and stored as UTC. */
const instant = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value).toISOString();

function filterOf(query: Omit<AuditQuery, 'cursor' | 'limit'>): AuditFilter {
  const filter: AuditFilter = {};
  if (query.actor !== undefined) filter.actor = query.actor === SYSTEM_ACTOR ? null : query.actor;
  if (query.action !== undefined) filter.action = query.action;
  if (query.target !== undefined) filter.target = query.target;
  if (query.from !== undefined) filter.from = instant(query.from);
  if (query.to !== undefined) filter.to = instant(query.to);
  if (filter.from && filter.to && filter.from >= filter.to)
    throw invalid('auditRangeBackwards', { to: 'mustFollowFrom' });
  return filter;
}

/** One page of the organisation's audit log, newest first (docs/design.md §15). */
export async function auditLog(
  db: Db,
  org: OrganisationRecord,
  viewer: Viewer,
  query: AuditQuery,
): Promise<RouteAnswer<'adminAudit'>> {
  assertMayAdminister(viewer);
  const filter = filterOf(query);
  const after = query.cursor === undefined ? undefined : positionOf(query.cursor);
  // One more than the page: whether there is a next one.
  const rows = await auditEventsOf(db, org.id, filter, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  return {
    events: page.map(presentAuditEvent),
    next: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
}

const CSV_COLUMNS = ['at', 'actor', 'actorName', 'action', 'target', 'before', 'after'] as const;

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(event: AuditEventView): string {
  const json = (value: unknown) =>
    value === null || value === undefined ? '' : JSON.stringify(value);
  return [
    event.at,
    event.actor?.username ?? SYSTEM_ACTOR,
    event.actor?.name ?? '',
    event.action,
    event.target,
    json(event.before),
    json(event.after),
  ]
    .map(cell)
    .join(',');
}

/** The audit log as CSV with the same filters: every event they keep, newest first. */
export async function auditCsv(
  db: Db,
  org: OrganisationRecord,
  viewer: Viewer,
  query: Omit<AuditQuery, 'cursor' | 'limit'>,
): Promise<{ filename: string; text: string }> {
  assertMayAdminister(viewer);
  const rows = await auditEventsOf(db, org.id, filterOf(query), { limit: AUDIT_CSV_MAX_ROWS });
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => csvLine(presentAuditEvent(row)))];
  return {
    filename: `audit-${org.alias}-${new Date().toISOString().slice(0, 10)}.csv`,
    text: `${lines.join('\r\n')}\r\n`,
  };
}
