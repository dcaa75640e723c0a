import type { PersonRole, PersonStatus } from '@portal/domain';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from './executor';
import { parseRoles } from './roles';
import { ERASED } from './personal-data';

/**
 * The console's People screen (docs/design.md §15): the organisation's accounts searched,
 * filtered and paged in email order (keyset: the unique (org_id, email_key) index, or
 * users_by_status of migration 0021), their status, and the CSV imports' progress.
 */

export interface PeopleFilter {
  /** Words, each of which must be in the email, the username or a name. */
  words?: string[];
  role?: PersonRole;
  group?: string;
  status?: PersonStatus;
}

/** Where a page starts: just after this account in email order. */
export interface PeoplePosition {
  email: string;
  id: string;
}

export interface PersonRow {
  id: string;
  username: string;
  email: string;
  email_key: string;
  first_name: string;
  last_name: string;
  roles: string;
  status: string;
  created_at: string;
  oauth_group_id: string | null;
}

const PERSON_COLUMNS = [
  'u.id',
  'u.username',
  'u.email',
  'u.email_key',
  'u.first_name',
  'u.last_name',
  'u.roles',
  'u.status',
  'u.created_at',
  'u.oauth_group_id',
] as const;

/** A LIKE pattern that finds `word` anywhere (its own % and _ escaped). */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchPeople(
  db: Executor,
  orgId: string,
  filter: PeopleFilter,
  page: { limit: number; after?: PeoplePosition },
): Promise<PersonRow[]> {
  let query = db.kysely
    .selectFrom('users as u')
    .select(PERSON_COLUMNS)
    .where('u.org_id', '=', orgId)
    // An erased account (docs/design.md §18) is nobody's any more.
    .where('u.status', '<>', ERASED);
  if (filter.status) query = query.where('u.status', '=', filter.status);
  if (filter.role === 'learner') query = query.where('u.roles', '=', '[]');
  // `roles <> '[]'` as in the partial index users_staff (migration 0025): the staff only.
  else if (filter.role)
    query = query.where('u.roles', '<>', '[]').where('u.roles', 'like', `%"${filter.role}"%`);
  if (filter.group) {
    const group = filter.group;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_group_members as m')
          .select('m.user_id')
          .where('m.org_id', '=', orgId)
          .where('m.group_id', '=', group)
          .whereRef('m.user_id', '=', 'u.id'),
      ),
    );
  }
  for (const word of filter.words ?? []) {
    const pattern = containing(word.toLowerCase());
    // One searched text (migration 0024): PostgreSQL's trigram index is of this expression;
    // SQLite's FTS5 trigram table finds a word of 3 characters or more (with no LIKE wildcard
    // in it: the table takes no ESCAPE) without reading every row.
    if (db.dialect === 'sqlite' && [...word].length >= 3 && !/[\\%_]/.test(word))
      query = query.where(
        sql<SqlBool>`u.rowid in (select rowid from users_search where text like ${`%${word.toLowerCase()}%`})`,
      );
    else
      query = query.where(
        sql<SqlBool>`lower(u.email_key || ' ' || u.username_key || ' ' || u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'`,
      );
  }
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('u.email_key', '>', after.email),
        eb.and([eb('u.email_key', '=', after.email), eb('u.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('u.email_key').orderBy('u.id').limit(page.limit).execute();
}

export function findPerson(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<PersonRow | undefined> {
  return db.kysely
    .selectFrom('users as u')
    .select(PERSON_COLUMNS)
    .where('u.org_id', '=', orgId)
    .where('u.id', '=', userId)
    .where('u.status', '<>', ERASED)
    .executeTakeFirst();
}

/** The person's roles as the console shows them: learner, and what is stored beyond it. */
export const personRoles = (stored: string): PersonRole[] => ['learner', ...parseRoles(stored)];

export interface PersonGroupRow {
  id: string;
  data: string;
  role: string;
}

export function groupsOfPerson(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<PersonGroupRow[]> {
  return db.kysely
    .selectFrom('user_group_members as m')
    .innerJoin('user_groups as g', (join) =>
      join.onRef('g.id', '=', 'm.group_id').onRef('g.org_id', '=', 'm.org_id'),
    )
    .select(['g.id', 'g.data', 'm.role'])
    .where('m.org_id', '=', orgId)
    .where('m.user_id', '=', userId)
    .orderBy('g.position')
    .execute();
}

export async function setStatus(
  db: Executor,
  orgId: string,
  userId: string,
  status: PersonStatus,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ status, updated_at: at })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .execute();
}

/** Whether the account has a password (an invited one has none until it chooses one). */
export async function hasPassword(db: Executor, orgId: string, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.password_hash);
}

export interface InvitedUser {
  id: string;
  username: string;
  email: string;
  first: string;
  last: string;
  roles: readonly string[];
}

/** Accounts made invited (no password, `status` invited), in one statement. */
export async function insertInvitedUsers(
  db: Executor,
  orgId: string,
  users: readonly InvitedUser[],
  at: string,
): Promise<void> {
  if (!users.length) return;
  await db.kysely
    .insertInto('users')
    .values(
      users.map((user) => ({
        id: user.id,
        org_id: orgId,
        username: user.username,
        username_key: user.username.toLowerCase(),
        email: user.email,
        email_key: user.email.toLowerCase(),
        password_hash: null,
        first_name: user.first,
        last_name: user.last,
        from_pack: 0,
        created_at: at,
        updated_at: at,
        status: 'invited',
        roles: JSON.stringify(user.roles),
      })),
    )
    .execute();
}

/** An invited account whose password was just chosen is active. */
export async function activateInvited(db: Executor, orgId: string, userId: string): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ status: 'active' })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .where('status', '=', 'invited')
    .execute();
}

export async function removeMember(
  db: Executor,
  orgId: string,
  groupId: string,
  userId: string,
): Promise<void> {
  await db.kysely
    .deleteFrom('user_group_members')
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

export async function setMemberRole(
  db: Executor,
  member: { orgId: string; groupId: string; userId: string; role: 'member' | 'admin' },
): Promise<void> {
  await db.kysely
    .insertInto('user_group_members')
    .values({
      org_id: member.orgId,
      group_id: member.groupId,
      user_id: member.userId,
      role: member.role,
    })
    .onConflict((oc) =>
      oc.columns(['org_id', 'group_id', 'user_id']).doUpdateSet({ role: member.role }),
    )
    .execute();
}

/** Adds accounts to groups as members, in one statement; a membership already held stays as it is. */
export async function ensureMembers(
  db: Executor,
  orgId: string,
  members: readonly { groupId: string; userId: string }[],
): Promise<void> {
  for (let i = 0; i < members.length; i += 500)
    await db.kysely
      .insertInto('user_group_members')
      .values(
        members.slice(i, i + 500).map((m) => ({
          org_id: orgId,
          group_id: m.groupId,
          user_id: m.userId,
          role: 'member',
        })),
      )
      .onConflict((oc) => oc.columns(['org_id', 'group_id', 'user_id']).doNothing())
      .execute();
}

/** Stores invitation links (password resets) in a few statements. */
export async function insertPasswordResets(
  db: Executor,
  resets: readonly {
    tokenHash: string;
    userId: string;
    orgId: string;
    createdAt: string;
    expiresAt: string;
  }[],
): Promise<void> {
  for (let i = 0; i < resets.length; i += 500)
    await db.kysely
      .insertInto('password_resets')
      .values(
        resets.slice(i, i + 500).map((r) => ({
          token_hash: r.tokenHash,
          user_id: r.userId,
          org_id: r.orgId,
          created_at: r.createdAt,
          expires_at: r.expiresAt,
          used_at: null,
        })),
      )
      .execute();
}

/** How many of the organisation's accounts are active administrators. */
export async function countActiveAdmins(db: Executor, orgId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .where('roles', 'like', '%"admin"%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organisation's user group ids. */
export async function groupIdsOf(
  db: Executor,
  orgId: string,
  options: { withCohorts?: boolean } = {},
): Promise<Set<string>> {
  let query = db.kysely.selectFrom('user_groups').select('id').where('org_id', '=', orgId);
  // Buyers' cohorts are filled by their invitations only (a seat each): not a group to put
  // people in from the console.
  if (options.withCohorts === false) query = query.where('origin', '<>', 'purchase');
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** The accounts of these email keys (lower-case), by key. */
export async function accountsByEmailKey(
  db: Executor,
  orgId: string,
  keys: readonly string[],
): Promise<Map<string, { id: string; roles: string }>> {
  const found = new Map<string, { id: string; roles: string }>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'email_key', 'roles'])
      .where('org_id', '=', orgId)
      .where('email_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.email_key, { id: row.id, roles: row.roles });
  }
  return found;
}

/** Usernames of the organisation that begin like these candidates (lower-case keys). */
export async function takenUsernameKeys(
  db: Executor,
  orgId: string,
  keys: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('users')
      .select('username_key')
      .where('org_id', '=', orgId)
      .where('username_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of rows) taken.add(row.username_key);
  }
  return taken;
}

// The CSV imports.

export interface ImportRow {
  email: string;
  first: string;
  last: string;
  groups: string[];
  roles: PersonRole[];
}

export interface PeopleImportRecord {
  id: string;
  orgId: string;
  actorId: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  created: number;
  updated: number;
}

export async function insertPeopleImport(
  db: Executor,
  record: { id: string; orgId: string; actorId: string; rows: ImportRow[]; at: string },
): Promise<void> {
  await db.kysely
    .insertInto('people_imports')
    .values({
      id: record.id,
      org_id: record.orgId,
      actor_id: record.actorId,
      status: 'queued',
      rows: JSON.stringify(record.rows),
      total: record.rows.length,
      created_at: record.at,
      updated_at: record.at,
    })
    .execute();
}

const toImport = (row: {
  id: string;
  org_id: string;
  actor_id: string | null;
  status: string;
  total: number;
  done: number;
  created: number;
  updated: number;
}): PeopleImportRecord => ({
  id: row.id,
  orgId: row.org_id,
  actorId: row.actor_id,
  status: row.status as PeopleImportRecord['status'],
  total: Number(row.total),
  done: Number(row.done),
  created: Number(row.created),
  updated: Number(row.updated),
});

export async function findPeopleImport(
  db: Executor,
  orgId: string | null,
  id: string,
): Promise<PeopleImportRecord | undefined> {
  let query = db.kysely
    .selectFrom('people_imports')
    .select(['id', 'org_id', 'actor_id', 'status', 'total', 'done', 'created', 'updated'])
    .where('id', '=', id);
  if (orgId !== null) query = query.where('org_id', '=', orgId);
  const row = await query.executeTakeFirst();
  return row && toImport(row);
}

export async function importRowsOf(db: Executor, id: string): Promise<ImportRow[]> {
  const row = await db.kysely
    .selectFrom('people_imports')
    .select('rows')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.rows) as ImportRow[];
}

export async function recordImportProgress(
  db: Executor,
  id: string,
  progress: {
    status: PeopleImportRecord['status'];
    done: number;
    created: number;
    updated: number;
  },
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('people_imports')
    .set({ ...progress, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Marks the import done, once: false when it already was (a retried job). */
export async function finishImport(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('people_imports')
    .set({ status: 'done', rows: '[]', updated_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'done')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
