import {
  errorText,
  type PeopleQuery,
  type PersonDetail,
  type PersonRole,
  type PersonSummary,
  type RouteAnswer,
  type LocalisedText,
} from '@portal/domain';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Caches } from '../../cache';
import type { Db } from '../../db/database';
import {
  countActiveAdmins,
  findPerson,
  groupIdsOf,
  groupsOfPerson,
  hasPassword,
  personRoles,
  removeMember,
  searchPeople,
  setMemberRole,
  setStatus,
  type PeoplePosition,
  type PersonRow,
} from '../../db/repositories/admin-people';
import { insertAuditEvent } from '../../db/repositories/audit-events';
import { inTransaction, type Executor } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { parseRoles, setRoles } from '../../db/repositories/roles';
import { findUserGroup } from '../../db/repositories/user-groups';
import { assertMayAdminister, type Viewer } from '../../policies';
import { conflict, invalid, notFound } from '../errors';
import type { SessionService } from '../session-service';
import type { SiteLinks } from '../site-links';

/** What the People use cases need besides the database. */
export interface PeopleDeps {
  db: Db;
  sessions: SessionService;
  caches: Caches;
  /** Mail queued as jobs (sent after the change commits, retried). */
  mailer: Mailer;
  links: SiteLinks;
  now?: () => Date;
}

const summary = (row: PersonRow): PersonSummary => ({
  _id: row.id,
  username: row.username,
  email: row.email,
  first: row.first_name,
  last: row.last_name,
  roles: personRoles(row.roles),
  status: row.status as PersonSummary['status'],
});

const cursorOf = (row: PersonRow) =>
  Buffer.from(`${row.email_key}\u0000${row.id}`).toString('base64url');

function positionOf(cursor: string): PeoplePosition {
  const [email, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('\u0000');
  if (email === undefined || !id || rest.length)
    throw invalid('peopleCursorInvalid', { cursor: 'notAuditCursor' });
  return { email, id };
}

/** One page of the organisation's people in email order, searched and filtered. */
export async function listPeople(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  query: PeopleQuery,
): Promise<RouteAnswer<'adminPeople'>> {
  assertMayAdminister(viewer);
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const rows = await searchPeople(
    deps.db,
    org.id,
    { words, role: query.role, group: query.group, status: query.status },
    {
      limit: query.limit + 1,
      after: query.cursor === undefined ? undefined : positionOf(query.cursor),
    },
  );
  const page = rows.slice(0, query.limit);
  return {
    people: page.map(summary),
    next: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
}

export async function detail(db: Executor, orgId: string, userId: string): Promise<PersonDetail> {
  const row = await findPerson(db, orgId, userId);
  if (!row) throw notFound('personNotFound');
  const groups = await groupsOfPerson(db, orgId, userId);
  return {
    ...summary(row),
    createdAt: row.created_at,
    sso: row.oauth_group_id !== null,
    groups: groups.map((g) => ({
      _id: g.id,
      name: (JSON.parse(g.data) as { name: LocalisedText }).name,
      role: g.role === 'admin' ? 'admin' : 'member',
    })),
  };
}

export async function personDetail(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
): Promise<{ person: PersonDetail }> {
  assertMayAdminister(viewer);
  return { person: await detail(deps.db, org.id, id) };
}

export const stored = (roles: readonly PersonRole[]) =>
  roles.filter((role): role is 'author' | 'admin' => role !== 'learner');
export const target = (id: string) => `person:${id}`;

/** The organisation keeps an active administrator: refuses a change that would leave none. */
async function keepAnAdministrator(tx: Executor, orgId: string, row: PersonRow) {
  if (row.status === 'active' && parseRoles(row.roles).includes('admin'))
    if ((await countActiveAdmins(tx, orgId)) <= 1) throw conflict('lastAdministrator');
}

export async function changeRoles(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
  roles: PersonRole[],
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  await inTransaction(deps.db, async (tx) => {
    const row = await findPerson(tx, org.id, id);
    if (!row) throw notFound('personNotFound');
    const next = stored(roles);
    if (!next.includes('admin')) await keepAnAdministrator(tx, org.id, row);
    await setRoles(tx, org.id, id, next);
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.roles',
      target: target(id),
      detail: {},
      before: { roles: personRoles(row.roles) },
      after: { roles: ['learner', ...next.filter((r, i) => next.indexOf(r) === i)] },
      at,
    });
  });
  await deps.caches.changed({ viewer: { org: org.id, user: id } });
  return { person: await detail(deps.db, org.id, id) };
}

export async function changeGroup(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
  change: { group: string; role: 'member' | 'admin' | null },
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  await inTransaction(deps.db, async (tx) => {
    const before = await detail(tx, org.id, id);
    if (!(await groupIdsOf(tx, org.id)).has(change.group))
      throw invalid(errorText('personUnknownGroup', { id: change.group }), {
        group: errorText('personUnknownGroup', { id: change.group }),
      });
    // A buyer's cohort is filled by its invitations, a seat each, and its buyer sees its people's
    // progress: the console may take someone out of it, never put someone in (another
    // customer's seats, another customer's eyes).
    if (
      change.role !== null &&
      (await findUserGroup(tx, org.id, change.group))?.origin === 'purchase'
    )
      throw conflict('personCohortBySeats', { group: 'cohortBySeats' });
    if (change.role === null) await removeMember(tx, org.id, change.group, id);
    else
      await setMemberRole(tx, {
        orgId: org.id,
        groupId: change.group,
        userId: id,
        role: change.role,
      });
    const was = before.groups.find((g) => g._id === change.group)?.role ?? null;
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.groups',
      target: target(id),
      detail: { group: change.group },
      before: { group: change.group, role: was },
      after: { group: change.group, role: change.role },
      at,
    });
  });
  await deps.caches.changed({ viewer: { org: org.id, user: id } });
  return { person: await detail(deps.db, org.id, id) };
}

/** Deactivates an account: no sign-in, its sessions end at once, its data stays. */
export async function deactivate(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  await inTransaction(deps.db, async (tx) => {
    const row = await findPerson(tx, org.id, id);
    if (!row) throw notFound('personNotFound');
    if (id === actor) throw conflict('cannotDeactivateSelf');
    if (row.status === 'deactivated') return;
    await keepAnAdministrator(tx, org.id, row);
    await setStatus(tx, org.id, id, 'deactivated', at);
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.deactivate',
      target: target(id),
      detail: {},
      before: { status: row.status },
      after: { status: 'deactivated' },
      at,
    });
  });
  await deps.sessions.revokeAllOf(id);
  await deps.caches.changed({ viewer: { org: org.id, user: id } });
  return { person: await detail(deps.db, org.id, id) };
}

/** Reactivates an account: active again (invited again when it never chose a password). */
export async function reactivate(
  deps: PeopleDeps,
  org: OrganisationRecord,
  viewer: Viewer,
  id: string,
): Promise<{ person: PersonDetail }> {
  const actor = assertMayAdminister(viewer);
  const at = (deps.now ?? (() => new Date()))().toISOString();
  await inTransaction(deps.db, async (tx) => {
    const row = await findPerson(tx, org.id, id);
    if (!row) throw notFound('personNotFound');
    if (row.status !== 'deactivated') return;
    const status =
      !(await hasPassword(tx, org.id, id)) && row.oauth_group_id === null ? 'invited' : 'active';
    await setStatus(tx, org.id, id, status, at);
    await insertAuditEvent(tx, org.id, {
      actor,
      action: 'person.reactivate',
      target: target(id),
      detail: {},
      before: { status: 'deactivated' },
      after: { status },
      at,
    });
  });
  await deps.caches.changed({ viewer: { org: org.id, user: id } });
  return { person: await detail(deps.db, org.id, id) };
}
