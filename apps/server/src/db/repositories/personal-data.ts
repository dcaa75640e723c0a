import { sql, type Selectable } from 'kysely';
import type { Database, UserRow } from '../schema';
import type { Executor } from './executor';

/**
 * What the portal holds about one person (docs/design.md §18), table by table: read for their
 * export, and erased. `PERSONAL_DATA` names every data table of the database and what erasure
 * does to it; privacy.test.ts fails when a table is added without a line here, as Moodle's
 * privacy API checks its plugins.
 */
export type Treatment =
  /** Their rows go. */
  | { erase: 'delete' }
  /** Their rows stay with what identifies them emptied (why, in `kept`). */
  | { erase: 'empty'; kept: string }
  /** Rows that name the person by id only (an account id that no longer exists), kept for `kept`. */
  | { erase: 'keep'; kept: string }
  /** No personal data. */
  | { erase: 'none' };

const gone = { erase: 'delete' } as const;
const none = { erase: 'none' } as const;

/** The status of an erased account: its row is kept empty, listed nowhere, signed in to never. */
export const ERASED = 'erased';

export const PERSONAL_DATA: Readonly<Record<string, Treatment>> = {
  users: {
    erase: 'empty',
    kept: 'their messages and orders point to the row; nothing of them stays on it',
  },
  sessions: gone,
  password_resets: gone,
  email_changes: gone,
  user_group_members: gone,
  workbooks: gone,
  preview_workbooks: gone,
  worksheet_progress: gone,
  uploads: gone,
  upload_reservations: gone,
  sso_identities: gone,
  message_reads: gone,
  studio_presence: gone,
  certificates: gone,
  notification_preferences: gone,
  jobs: { erase: 'empty', kept: 'mail to others queued in the same job kinds; theirs go' },
  messages: { erase: 'empty', kept: 'replies of others keep their place; the body goes' },
  analytics_events: { erase: 'empty', kept: 'the organisation’s counts; the account goes' },
  invites: { erase: 'empty', kept: 'seats used by an order; the address goes' },
  orders: { erase: 'keep', kept: 'the accounts of a sale (no name is stored on an order)' },
  payment_events: { erase: 'keep', kept: 'the payment provider’s record of an order' },
  user_groups: {
    erase: 'empty',
    kept: 'a buyer’s cohort holds the seats of the others; its name loses theirs',
  },
  audit_events: {
    erase: 'keep',
    kept: 'who changed what, never changed (a trigger refuses it): a group’s administrators are named by address there; only the organisation’s administrators read it',
  },
  settings_versions: { erase: 'keep', kept: 'who published the site' },
  settings_drafts: { erase: 'keep', kept: 'who changed the draft' },
  topic_drafts: { erase: 'keep', kept: 'who changed the draft' },
  topic_versions: { erase: 'keep', kept: 'who published the topic' },
  people_imports: { erase: 'keep', kept: 'who imported (the rows are emptied when it ends)' },
  organisations: none,
  org_hosts: none,
  topics: none,
  topic_groups: none,
  topic_group_topics: none,
  user_group_topics: none,
  bundles: none,
  contents: none,
  message_threads: { erase: 'keep', kept: 'a private thread is named by its member’s account id' },
  sso_flows: none,
  mail_deliveries: { erase: 'keep', kept: 'which mails went, by their job’s key (ids only)' },
  signing_keys: none,
  notification_secrets: none,
};

const contains = (db: Executor, column: string, text: string) =>
  db.dialect === 'sqlite'
    ? sql<boolean>`instr(${sql.ref(column)}, ${text}) > 0`
    : sql<boolean>`strpos(${sql.ref(column)}, ${text}) > 0`;

/** The tables the export reads by the person's `user_id`. */
type UserTable =
  | 'workbooks'
  | 'worksheet_progress'
  | 'orders'
  | 'certificates'
  | 'uploads'
  | 'sso_identities'
  | 'sessions'
  | 'analytics_events';

/** Every row the export shows, read in one transaction (`db`). */
export async function personalRows(db: Executor, orgId: string, user: UserRow) {
  const k = db.kysely;
  /** The rows of a table that has the person's `user_id`, in the order of `orderBy`. */
  const theirs = async <T extends UserTable>(table: T, ...orderBy: string[]) =>
    (
      await sql<Selectable<Database[T]>>`select * from ${sql.table(table)}
        where user_id = ${user.id} and org_id = ${orgId}
        order by ${sql.join(orderBy.map((c) => sql.ref(c)))}`.execute(k)
    ).rows;
  const [
    groups,
    workbook,
    progress,
    messages,
    orders,
    certificates,
    uploads,
    notifications,
    identities,
    sessions,
    invitations,
    emailChanges,
    analytics,
  ] = await Promise.all([
    k
      .selectFrom('user_group_members as m')
      .innerJoin('user_groups as g', (j) =>
        j.onRef('g.id', '=', 'm.group_id').onRef('g.org_id', '=', 'm.org_id'),
      )
      .select(['g.id', 'g.data', 'm.role'])
      .where('m.user_id', '=', user.id)
      .where('m.org_id', '=', orgId)
      .orderBy('g.id')
      .execute(),
    theirs('workbooks', 'user_id').then((rows) => rows[0]),
    theirs('worksheet_progress', 'topic_id', 'worksheet_index'),
    k
      .selectFrom('messages')
      .selectAll()
      .where('author_id', '=', user.id)
      .where('org_id', '=', orgId)
      .orderBy('created_at')
      .execute(),
    theirs('orders', 'created_at'),
    theirs('certificates', 'issued_at'),
    theirs('uploads', 'created_at'),
    k
      .selectFrom('notification_preferences')
      .selectAll()
      .where('subject', '=', user.id)
      .where('org_id', '=', orgId)
      .executeTakeFirst(),
    theirs('sso_identities', 'created_at'),
    theirs('sessions', 'created_at'),
    k
      .selectFrom('invites')
      .select(['group_id', 'used_at'])
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('used_by', '=', user.id), eb('email_key', '=', user.email_key)]))
      .orderBy('created_at')
      .execute(),
    k
      .selectFrom('email_changes')
      .select(['new_email', 'created_at'])
      .where('user_id', '=', user.id)
      .where('org_id', '=', orgId)
      .where('used_at', 'is', null)
      .execute(),
    theirs('analytics_events', 'created_at'),
  ]);
  return {
    groups,
    workbook,
    progress,
    messages,
    orders,
    certificates,
    uploads,
    notifications,
    identities,
    sessions,
    invitations,
    emailChanges,
    analytics,
  };
}

export type PersonalRows = Awaited<ReturnType<typeof personalRows>>;

/** What erasing removed that lives outside the database, and what caches it reached. */
export interface Erased {
  storageKeys: string[];
  groups: string[];
}

/**
 * Erases the person in `tx` (design §18): their rows go, their messages keep their place with
 * an empty body, what must stay for the accounts (orders, payments, a buyer's cohort) keeps
 * their account id only, which no longer names anyone.
 */
export async function erasePerson(tx: Executor, orgId: string, user: UserRow): Promise<Erased> {
  const k = tx.kysely;
  const id = user.id;
  const uploads = await k
    .selectFrom('uploads')
    .select('storage_key')
    .where('user_id', '=', id)
    .where('org_id', '=', orgId)
    .execute();
  const groups = await k
    .selectFrom('user_group_members')
    .select('group_id')
    .where('user_id', '=', id)
    .where('org_id', '=', orgId)
    .union(
      k
        .selectFrom('messages')
        .select('group_id')
        .where('author_id', '=', id)
        .where('org_id', '=', orgId),
    )
    .execute();
  for (const table of [
    'sessions',
    'password_resets',
    'email_changes',
    'user_group_members',
    'workbooks',
    'preview_workbooks',
    'worksheet_progress',
    'uploads',
    'upload_reservations',
    'sso_identities',
    'studio_presence',
    'certificates',
  ] as const)
    await k.deleteFrom(table).where('user_id', '=', id).where('org_id', '=', orgId).execute();
  await k
    .deleteFrom('message_reads')
    .where('account_id', '=', id)
    .where('org_id', '=', orgId)
    .execute();
  await k
    .deleteFrom('notification_preferences')
    .where('org_id', '=', orgId)
    .where('subject', 'in', [id, `email:${user.email_key}`])
    .execute();
  await k
    .updateTable('messages')
    .set({ body: '' })
    .where('author_id', '=', id)
    .where('org_id', '=', orgId)
    .execute();
  await k
    .updateTable('analytics_events')
    .set({ user_id: null })
    .where('user_id', '=', id)
    .where('org_id', '=', orgId)
    .execute();
  // An invitation to their address: the address goes; one not yet used is withdrawn with it.
  await k
    .updateTable('invites')
    .set((eb) => ({
      email_key: null,
      revoked_at: eb
        .case()
        .when('used_at', 'is', null)
        .then(eb.fn.coalesce('revoked_at', eb.val(new Date().toISOString())))
        .else(eb.ref('revoked_at'))
        .end(),
    }))
    .where('org_id', '=', orgId)
    .where('email_key', '=', user.email_key)
    .execute();
  // Queued or finished jobs written for them (mail, notices): not one of them is sent any more.
  await k
    .deleteFrom('jobs')
    .where('org_id', '=', orgId)
    .where('status', '!=', 'running')
    .where((eb) =>
      eb.or([
        contains(tx, 'payload', JSON.stringify(id)),
        contains(tx, 'payload', user.email),
        contains(tx, 'payload', user.email_key),
      ]),
    )
    .execute();
  await renameCohortsOf(tx, orgId, id);
  // The row stays, emptied: their messages (whose rows reference it) keep their place.
  const stub = `erased-${id}`;
  await k
    .updateTable('users')
    .set({
      username: stub,
      username_key: stub,
      email: `${stub}@erased.invalid`,
      email_key: `${stub}@erased.invalid`,
      password_hash: null,
      first_name: '',
      last_name: '',
      phone: '',
      company: '',
      employee_id: '',
      profile_picture: null,
      oauth_group_id: null,
      roles: '[]',
      status: ERASED,
      from_pack: 0,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .execute();
  return {
    storageKeys: uploads.map((u) => u.storage_key),
    groups: [...new Set(groups.map((g) => g.group_id))],
  };
}

/**
 * A buyer's cohorts are named after them (`cohortName`: "Ada Lovelace · Insiders"): the cohorts
 * stay, for the seats of the others, named by their id instead ("#3f9a1c2e · Insiders").
 */
async function renameCohortsOf(tx: Executor, orgId: string, userId: string): Promise<void> {
  const cohorts = await tx.kysely
    .selectFrom('user_groups')
    .select(['id', 'data'])
    .where('org_id', '=', orgId)
    .where('owner_id', '=', userId)
    .execute();
  for (const cohort of cohorts) {
    const data = JSON.parse(cohort.data) as { name?: string | Record<string, string> };
    const label = `#${cohort.id.slice(0, 8)}`;
    const rename = (name: string) => {
      const at = name.indexOf(' · ');
      return at < 0 ? label : `${label}${name.slice(at)}`;
    };
    const name =
      typeof data.name === 'string'
        ? rename(data.name)
        : Object.fromEntries(Object.entries(data.name ?? {}).map(([l, n]) => [l, rename(n)]));
    await tx.kysely
      .updateTable('user_groups')
      .set({ data: JSON.stringify({ ...data, name }) })
      .where('org_id', '=', orgId)
      .where('id', '=', cohort.id)
      .execute();
  }
}

/** When the session of `tokenHash` began, or undefined. */
export async function sessionStartedAt(
  db: Executor,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('sessions')
    .select('created_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.created_at;
}
