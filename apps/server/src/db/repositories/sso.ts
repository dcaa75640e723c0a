import type { UserGroup } from '@portal/domain';
import { loginKey } from './accounts';
import type { Executor } from './executor';

export interface SsoFlow {
  id: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  orgId: string;
  groupId: string;
  inviteId: string | null;
  redirectUri: string;
  createdAt: string;
}

export async function insertSsoFlow(db: Executor, flow: SsoFlow): Promise<void> {
  await db.kysely
    .insertInto('sso_flows')
    .values({
      id: flow.id,
      state: flow.state,
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      org_id: flow.orgId,
      group_id: flow.groupId,
      invite_id: flow.inviteId,
      redirect_uri: flow.redirectUri,
      created_at: flow.createdAt,
    })
    .execute();
}

/**
 * Takes the flow named by its state or its id out of the table: whoever asks first gets it, once
 * (a replayed callback finds nothing).
 */
export async function takeSsoFlow(
  db: Executor,
  by: { state: string } | { id: string },
): Promise<SsoFlow | null> {
  const row = await db.kysely
    .deleteFrom('sso_flows')
    .where((eb) => ('state' in by ? eb('state', '=', by.state) : eb('id', '=', by.id)))
    .returningAll()
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        state: row.state,
        nonce: row.nonce,
        codeVerifier: row.code_verifier,
        orgId: row.org_id,
        groupId: row.group_id,
        inviteId: row.invite_id,
        redirectUri: row.redirect_uri,
        createdAt: row.created_at,
      }
    : null;
}

/** Forgets the flows started before `before` (never finished). */
export async function deleteSsoFlowsBefore(db: Executor, before: string): Promise<void> {
  await db.kysely.deleteFrom('sso_flows').where('created_at', '<', before).execute();
}

/** The account a provider identity signs in to, if it signed in before. */
export async function findSsoIdentity(
  db: Executor,
  orgId: string,
  issuer: string,
  subject: string,
): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('sso_identities')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function insertSsoIdentity(
  db: Executor,
  identity: { orgId: string; issuer: string; subject: string; userId: string; at: string },
): Promise<void> {
  await db.kysely
    .insertInto('sso_identities')
    .values({
      org_id: identity.orgId,
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      created_at: identity.at,
    })
    .execute();
}

/** Makes the account sign in through the group's single sign-on (no password any more). */
export async function markSsoAccount(
  db: Executor,
  orgId: string,
  userId: string,
  groupId: string,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('users')
    .set({ oauth_group_id: groupId, password_hash: null, updated_at: at })
    .where('id', '=', userId)
    .where('org_id', '=', orgId)
    .execute();
}

/** A new account made at its first single sign-on; `email` empty when the provider gave none. */
export async function insertSsoUser(
  db: Executor,
  user: {
    id: string;
    orgId: string;
    username: string;
    email: string;
    first: string;
    last: string;
    groupId: string;
    at: string;
  },
): Promise<void> {
  await db.kysely
    .insertInto('users')
    .values({
      id: user.id,
      org_id: user.orgId,
      username: user.username,
      username_key: loginKey(user.username),
      email: user.email,
      // Emails are unique per organisation: an account without one gets a key no email can be.
      email_key: user.email ? loginKey(user.email) : `#sso:${user.id}`,
      password_hash: null,
      first_name: user.first,
      last_name: user.last,
      from_pack: 0,
      created_at: user.at,
      updated_at: user.at,
      oauth_group_id: user.groupId,
    })
    .execute();
}

/** One user group of the organisation as its pack has it (its `oauth` with the secret). */
export async function findUserGroup(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<Omit<UserGroup, 'topics'> | null> {
  const row = await db.kysely
    .selectFrom('user_groups')
    .select('data')
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as Omit<UserGroup, 'topics'>) : null;
}

/** Whether the username is taken in the organisation. */
export async function usernameTaken(
  db: Executor,
  orgId: string,
  username: string,
): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('username_key', '=', loginKey(username))
    .executeTakeFirst();
  return row !== undefined;
}
