import type { InvitationCounts } from '@portal/domain';
import { isUniqueViolation, type Executor } from './executor';

/**
 * Invitations (docs/design.md §9): the one store of seats and invitations of a user group. An
 * invitation belongs to a group (a buyer's cohort for purchased seats) and, when it is a seat a
 * purchase made, to that order. The database keeps an address to one open invitation per group
 * (the unique partial index `invites_open_address`).
 */

/** An invitation as stored, with who used it and whether its addressee has an account. */
export interface InvitationRecord {
  id: string;
  groupId: string;
  orderId: string | null;
  emailKey: string | null;
  createdAt: string;
  usedBy: string | null;
  /** The email of the account that used it. */
  usedByEmail: string | null;
  usedAt: string | null;
  revokedAt: string | null;
  /** Whether the email it is addressed to already has an account in the organisation. */
  addresseeHasAccount: boolean;
}

function invitationRows(db: Executor, orgId: string) {
  return db.kysely
    .selectFrom('invites')
    .leftJoin('users as taker', 'taker.id', 'invites.used_by')
    .leftJoin('users as addressee', (join) =>
      join
        .onRef('addressee.email_key', '=', 'invites.email_key')
        .onRef('addressee.org_id', '=', 'invites.org_id'),
    )
    .selectAll('invites')
    .select(['taker.email as used_by_email', 'addressee.id as addressee_id'])
    .where('invites.org_id', '=', orgId);
}

type Row = Awaited<ReturnType<ReturnType<typeof invitationRows>['execute']>>[number];

const toRecord = (r: Row): InvitationRecord => ({
  id: r.id,
  groupId: r.group_id,
  orderId: r.order_id,
  emailKey: r.email_key,
  createdAt: r.created_at,
  usedBy: r.used_by,
  usedByEmail: r.used_by_email,
  usedAt: r.used_at,
  revokedAt: r.revoked_at,
  addresseeHasAccount: r.addressee_id !== null,
});

/**
 * The invitations of a group (or the one `inviteId`), oldest first; `notUsed` leaves out those
 * used by a current member (each is its member's row on the group's page).
 */
export async function invitationsOfGroup(
  db: Executor,
  orgId: string,
  groupId: string,
  options: { inviteId?: string; notUsed?: boolean } = {},
): Promise<InvitationRecord[]> {
  let query = invitationRows(db, orgId).where('invites.group_id', '=', groupId);
  if (options.inviteId) query = query.where('invites.id', '=', options.inviteId);
  if (options.notUsed)
    query = query.where((eb) =>
      eb.or([eb('invites.used_by', 'is', null), eb('invites.revoked_at', 'is not', null)]),
    );
  const rows = await query.orderBy('invites.created_at').orderBy('invites.id').execute();
  return rows.map(toRecord);
}

/** One invitation of the organisation, whatever its group. */
export async function findInvitation(
  db: Executor,
  orgId: string,
  inviteId: string,
): Promise<InvitationRecord | undefined> {
  const row = await invitationRows(db, orgId).where('invites.id', '=', inviteId).executeTakeFirst();
  return row && toRecord(row);
}

/** How many invitations of a group are in each state. */
export async function invitationCounts(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<InvitationCounts> {
  const rows = await db.kysely
    .selectFrom('invites')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb
        .case()
        .when('revoked_at', 'is not', null)
        .then('revoked')
        .when('used_by', 'is not', null)
        .then('used')
        .when('email_key', 'is not', null)
        .then('pending')
        .else('open')
        .end()
        .as('state'),
    ])
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .groupBy('state')
    .execute();
  const counts = { open: 0, pending: 0, used: 0, revoked: 0 };
  for (const row of rows) counts[row.state as keyof typeof counts] = Number(row.n);
  return counts;
}

/**
 * Holds the group's seats until the transaction ends (PostgreSQL: the group's row, FOR UPDATE),
 * so that two invitations at the same moment do not both make a new seat of the one a revocation
 * freed. SQLite runs one transaction at a time already.
 */
export async function lockGroupSeats(tx: Executor, orgId: string, groupId: string): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.kysely
    .selectFrom('user_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .forUpdate()
    .execute();
}

/** New open seats of a group (a purchase, or seats freed and made usable again). */
export async function insertOpenInvitations(
  db: Executor,
  seats: { orgId: string; groupId: string; orderId: string | null; ids: string[]; at: string },
): Promise<void> {
  // A few hundred rows per statement keeps under SQLite's limit of bound parameters.
  for (let i = 0; i < seats.ids.length; i += 200)
    await db.kysely
      .insertInto('invites')
      .values(
        seats.ids.slice(i, i + 200).map((id) => ({
          id,
          org_id: seats.orgId,
          group_id: seats.groupId,
          order_id: seats.orderId,
          email_key: null,
          created_at: seats.at,
          used_by: null,
          used_at: null,
        })),
      )
      .execute();
}

/**
 * Addresses an open invitation (a seat addressed to no one) to an email: `addressed`, or `taken`
 * when it was used, revoked or addressed to someone else meanwhile, or `invited` when that address
 * already holds an open invitation of the group. A seat another request addressed at the same
 * moment is never addressed again (that would send its first addressee a dead link).
 */
export async function addressInvitation(
  db: Executor,
  inviteId: string,
  emailKey: string,
): Promise<'addressed' | 'taken' | 'invited'> {
  try {
    const result = await db.kysely
      .updateTable('invites')
      .set({ email_key: emailKey })
      .where('id', '=', inviteId)
      .where('email_key', 'is', null)
      .where('used_by', 'is', null)
      .where('revoked_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('invites as other')
              .select('other.id')
              .whereRef('other.org_id', '=', 'invites.org_id')
              .whereRef('other.group_id', '=', 'invites.group_id')
              .where('other.email_key', '=', emailKey)
              .where('other.id', '!=', inviteId)
              .where('other.used_by', 'is', null)
              .where('other.revoked_at', 'is', null),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return 'addressed';
    const current = await db.kysely
      .selectFrom('invites')
      .select(['email_key', 'used_by', 'revoked_at'])
      .where('id', '=', inviteId)
      .executeTakeFirst();
    if (!current || current.used_by || current.revoked_at) return 'taken';
    // Still open: another invitation holds the address. Addressed meanwhile: to this address
    // (another request invited it), or to someone else (the seat is gone).
    return current.email_key === null || current.email_key === emailKey ? 'invited' : 'taken';
  } catch (err) {
    // Another statement addressed the same email in the same instant: the index refused this one.
    // (Never inside a transaction: on PostgreSQL the error would end it.)
    if (isUniqueViolation(err)) return 'invited';
    throw err;
  }
}

/** Revokes an unused invitation; false when it is used (or already revoked). */
export async function revokeInvitation(
  db: Executor,
  inviteId: string,
  at: string,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('id', '=', inviteId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An unused invitation of the organisation, for this email (or for anyone). */
export function findUsableInvitation(
  db: Executor,
  orgId: string,
  inviteId: string,
  emailKey: string,
): Promise<{ id: string; group_id: string } | undefined> {
  return db.kysely
    .selectFrom('invites')
    .select(['id', 'group_id'])
    .where('id', '=', inviteId)
    .where('org_id', '=', orgId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('email_key', 'is', null), eb('email_key', '=', emailKey)]))
    .executeTakeFirst();
}

/** Claims an invitation for `userId`; false when someone used it first. */
export async function claimInvitation(
  db: Executor,
  inviteId: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const claimed = await db.kysely
    .updateTable('invites')
    .set({ used_by: userId, used_at: at })
    .where('id', '=', inviteId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Frees the seat a member used (they were removed from the group): their invitation is revoked. */
export async function revokeUsedBy(
  db: Executor,
  orgId: string,
  groupId: string,
  userId: string,
  at: string,
): Promise<void> {
  await db.kysely
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('org_id', '=', orgId)
    .where('group_id', '=', groupId)
    .where('used_by', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Seats bought for a group (the fulfilled orders whose seats it holds), and its latest order. */
export async function seatsBought(
  db: Executor,
  orgId: string,
  groupId: string,
): Promise<{ bought: number; latestOrderId: string | null }> {
  const orders = await db.kysely
    .selectFrom('orders')
    .select(['id', 'quantity'])
    .where('org_id', '=', orgId)
    .where('cohort_id', '=', groupId)
    .where('status', '=', 'fulfilled')
    .orderBy('fulfilled_at', 'desc')
    .execute();
  return {
    bought: orders.reduce((sum, o) => sum + Number(o.quantity), 0),
    latestOrderId: orders[0]?.id ?? null,
  };
}
