import { randomBytes } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@portal/domain';
import type { Executor } from './executor';

/**
 * Mail notices (docs/design.md §17): what each person wants mailed (by subject: an account id, or
 * `email:{address}` for an invitee without an account), the language notices are written in, the
 * organisation's key for its unsubscribe links, and who is to be told of a message.
 */

/** The subject of a person without an account: their address, lower case. */
export const emailSubject = (email: string) => `email:${email.trim().toLowerCase()}`;

export interface StoredPreferences {
  preferences: NotificationPreferences;
  locale: string | null;
}

function parsed(text: string): NotificationPreferences {
  try {
    const stored = notificationPreferencesSchema.partial().safeParse(JSON.parse(text) as unknown);
    return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(stored.success ? stored.data : {}) };
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES;
  }
}

export async function preferencesOf(
  db: Executor,
  orgId: string,
  subject: string,
): Promise<StoredPreferences> {
  const row = await db.kysely
    .selectFrom('notification_preferences')
    .select(['prefs', 'locale'])
    .where('org_id', '=', orgId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row
    ? { preferences: parsed(row.prefs), locale: row.locale }
    : { preferences: DEFAULT_NOTIFICATION_PREFERENCES, locale: null };
}

/** The preferences of many subjects at once (those without a row: the defaults). */
export async function preferencesOfMany(
  db: Executor,
  orgId: string,
  subjects: readonly string[],
): Promise<Map<string, StoredPreferences>> {
  const out = new Map<string, StoredPreferences>();
  for (let i = 0; i < subjects.length; i += 500) {
    const part = subjects.slice(i, i + 500);
    const rows = await db.kysely
      .selectFrom('notification_preferences')
      .select(['subject', 'prefs', 'locale'])
      .where('org_id', '=', orgId)
      .where('subject', 'in', part)
      .execute();
    for (const row of rows)
      out.set(row.subject, { preferences: parsed(row.prefs), locale: row.locale });
  }
  return out;
}

/** Writes the whole preferences (the caller merged the change); `locale` when given. */
export async function savePreferences(
  db: Executor,
  orgId: string,
  subject: string,
  preferences: NotificationPreferences,
  locale: string | undefined,
  at: string,
): Promise<void> {
  const prefs = JSON.stringify(preferences);
  await db.kysely
    .insertInto('notification_preferences')
    .values({ org_id: orgId, subject, prefs, locale: locale ?? null, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'subject'])
        .doUpdateSet(
          locale === undefined ? { prefs, updated_at: at } : { prefs, locale, updated_at: at },
        ),
    )
    .execute();
}

/** The organisation's unsubscribe key, made on first need (the first writer's wins). */
export async function notificationSecret(db: Executor, orgId: string): Promise<string> {
  await db.kysely
    .insertInto('notification_secrets')
    .values({
      org_id: orgId,
      secret: randomBytes(32).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('notification_secrets')
    .select('secret')
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

export interface Recipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  username: string;
}

const RECIPIENT_COLUMNS = ['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.username'] as const;

/** The active accounts among `ids` (a deactivated one is told nothing). */
export function activeAccounts(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Recipient[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely
    .selectFrom('users as u')
    .select(RECIPIENT_COLUMNS)
    .where('u.org_id', '=', orgId)
    .where('u.id', 'in', ids)
    .where('u.status', '=', 'active')
    .execute();
}

/** A group's administrators (active accounts). */
export function groupAdministrators(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<Recipient[]> {
  return db.kysely
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'm.user_id').onRef('u.org_id', '=', 'm.org_id'),
    )
    .select(RECIPIENT_COLUMNS)
    .where('m.org_id', '=', orgId)
    .where('m.group_id', '=', groupId)
    .where('m.role', '=', 'admin')
    .where('u.status', '=', 'active')
    .execute();
}

export interface StoredMessage {
  id: string;
  group_id: string;
  author_id: string;
  thread_id: string;
  body: string;
  is_private: number;
  created_at: string;
}

export function messageById(
  db: Executor,
  orgId: string,
  messageId: string,
): Promise<StoredMessage | undefined> {
  return db.kysely
    .selectFrom('messages')
    .select(['id', 'group_id', 'author_id', 'thread_id', 'body', 'is_private', 'created_at'])
    .where('org_id', '=', orgId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

export interface DigestLine {
  member_id: string;
  group_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

/**
 * The group messages of [from, to) that each member of a group has not read (its group thread's
 * read time before them) and did not write: what a digest tells, member by member.
 */
export function unreadGroupMessages(
  db: Executor,
  orgId: string,
  from: string,
  to: string,
): Promise<DigestLine[]> {
  return db.kysely
    .selectFrom('messages as g')
    .innerJoin('user_group_members as m', (join) =>
      join.onRef('m.org_id', '=', 'g.org_id').onRef('m.group_id', '=', 'g.group_id'),
    )
    .leftJoin('message_reads as r', (join) =>
      join
        .onRef('r.org_id', '=', 'g.org_id')
        .onRef('r.account_id', '=', 'm.user_id')
        .onRef('r.group_id', '=', 'g.group_id')
        .on('r.thread_id', '=', ''),
    )
    .select(['m.user_id as member_id', 'g.group_id', 'g.author_id', 'g.body', 'g.created_at'])
    .where('g.org_id', '=', orgId)
    .where('g.is_private', '=', 0)
    .where('g.created_at', '>=', from)
    .where('g.created_at', '<', to)
    .whereRef('g.author_id', '<>', 'm.user_id')
    .where((eb) =>
      eb.or([eb('r.read_at', 'is', null), eb('r.read_at', '<', eb.ref('g.created_at'))]),
    )
    .orderBy('m.user_id')
    .orderBy('g.created_at')
    .execute();
}

/** Organisations with group messages in [from, to). */
export async function organisationsWithMessages(
  db: Executor,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('messages')
    .select('org_id')
    .distinct()
    .where('is_private', '=', 0)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  return rows.map((r) => r.org_id);
}

/** The names of accounts (whatever their status), for what they wrote. */
export function accountNames(
  db: Executor,
  orgId: string,
  ids: readonly string[],
): Promise<Pick<Recipient, 'id' | 'first_name' | 'last_name' | 'username'>[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.kysely
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
}
