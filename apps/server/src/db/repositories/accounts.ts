import type { UserRow } from '../schema';
import type { Executor } from './executor';

export type { UserRow };

/** The case-insensitive key usernames and emails are matched by. */
export const loginKey = (s: string) => s.trim().toLowerCase();

/** The account whose username or email is `login` (case-insensitive). */
export function findUserByLogin(
  db: Executor,
  orgId: string,
  login: string,
): Promise<UserRow | undefined> {
  const key = loginKey(login);
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
    .executeTakeFirst();
}

export function findUserByEmail(
  db: Executor,
  orgId: string,
  email: string,
): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email_key', '=', loginKey(email))
    .executeTakeFirst();
}

export function findUser(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<UserRow | undefined> {
  return db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** Which of a username and an email already have an account in the organisation. */
export async function takenLogins(
  db: Executor,
  orgId: string,
  username: string,
  email: string,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db.kysely
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where('org_id', '=', orgId)
    .where((eb) =>
      eb.or([eb('username_key', '=', loginKey(username)), eb('email_key', '=', loginKey(email))]),
    )
    .execute();
  return {
    username: rows.some((r) => r.username_key === loginKey(username)),
    email: rows.some((r) => r.email_key === loginKey(email)),
  };
}

export interface NewAccount {
  id: string;
  orgId: string;
  username: string;
  email: string;
  passwordHash: string | null;
  first: string;
  last: string;
  at: string;
}

export async function insertUser(db: Executor, user: NewAccount): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({
      id: user.id,
      org_id: user.orgId,
      username: user.username,
      username_key: loginKey(user.username),
      email: user.email,
      email_key: loginKey(user.email),
      password_hash: user.passwordHash,
      first_name: user.first,
      last_name: user.last,
      from_pack: 0,
      created_at: user.at,
      updated_at: user.at,
    })
    .execute();
}

export interface ProfileChange {
  email?: string;
  email_key?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  company?: string;
  employee_id?: string;
  /** JSON of the picture, or null to clear it. */
  profile_picture?: string | null;
  password_hash?: string;
}

export async function updateUser(
  db: Executor,
  orgId: string,
  userId: string,
  change: ProfileChange,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ ...change, updated_at: at })
    .where('id', '=', userId)
    .where('org_id', '=', orgId)
    .execute();
}

// Password resets: only the token's hash is stored.

export async function insertPasswordReset(
  db: Executor,
  reset: { tokenHash: string; userId: string; orgId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.kysely
    .insertInto('password_resets')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      org_id: reset.orgId,
      created_at: reset.createdAt,
      expires_at: reset.expiresAt,
      used_at: null,
    })
    .execute();
}

export interface StoredReset {
  tokenHash: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  emailKey: string;
}

export async function findPasswordReset(
  db: Executor,
  orgId: string,
  tokenHash: string,
): Promise<StoredReset | null> {
  const row = await db.kysely
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.token_hash',
      'password_resets.user_id',
      'password_resets.expires_at',
      'password_resets.used_at',
      'users.email_key',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.org_id', '=', orgId)
    .executeTakeFirst();
  return row
    ? {
        tokenHash: row.token_hash,
        userId: row.user_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        emailKey: row.email_key,
      }
    : null;
}

/** Marks one reset link used; false when it already was (it works once). */
export async function useResetLink(db: Executor, tokenHash: string, at: string): Promise<boolean> {
  const used = await db.kysely
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Ends every reset link of an account still open. */
export async function useAllResetLinksOf(db: Executor, userId: string, at: string): Promise<void> {
  await db.kysely
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// Changes of email: only the token's hash is stored; the address changes when it is used.

export async function insertEmailChange(
  db: Executor,
  change: {
    tokenHash: string;
    userId: string;
    orgId: string;
    newEmail: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.kysely
    .insertInto('email_changes')
    .values({
      token_hash: change.tokenHash,
      user_id: change.userId,
      org_id: change.orgId,
      new_email: change.newEmail,
      created_at: change.createdAt,
      expires_at: change.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findEmailChange(
  db: Executor,
  orgId: string,
  tokenHash: string,
): Promise<{
  tokenHash: string;
  userId: string;
  newEmail: string;
  expiresAt: string;
  usedAt: string | null;
} | null> {
  const row = await db.kysely
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row
    ? {
        tokenHash: row.token_hash,
        userId: row.user_id,
        newEmail: row.new_email,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
      }
    : null;
}

/** Marks one email change link used; false when it already was (it works once). */
export async function useEmailChange(
  db: Executor,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  const used = await db.kysely
    .updateTable('email_changes')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** Ends every email change link of an account still open (a newer request, or a change made). */
export async function useAllEmailChangesOf(
  db: Executor,
  userId: string,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('email_changes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
