import type { Executor } from './executor';

/** A seat invitation to a user group: unused, used by someone, or revoked. */
export interface Invite {
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

/** The seats of an order: `ids.length` invitations to its group, for no email yet. */
export async function insertSeatInvites(
  db: Executor,
  seats: { orgId: string; groupId: string; orderId: string; ids: string[]; at: string },
): Promise<void> {
  if (seats.ids.length === 0) return;
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

/** The invitations of an order (or the one `inviteId`), oldest first, with who used them. */
/** An organisation's invitations, with who used each and whether its addressee has an account. */
export function inviteRows(db: Executor, orgId: string) {
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

export async function invitesOfOrder(
  db: Executor,
  orgId: string,
  orderId: string,
  inviteId?: string,
): Promise<Invite[]> {
  let query = inviteRows(db, orgId).where('invites.order_id', '=', orderId);
  if (inviteId) query = query.where('invites.id', '=', inviteId);
  const rows = await query.orderBy('invites.created_at').orderBy('invites.id').execute();
  return rows.map((r) => ({
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
  }));
}

/** One invitation of an order. */
export async function findInviteOfOrder(
  db: Executor,
  orgId: string,
  orderId: string,
  inviteId: string,
): Promise<Invite | undefined> {
  return (await invitesOfOrder(db, orgId, orderId, inviteId))[0];
}

/** Addresses an unused, unrevoked invitation to an email; false when it is used or revoked. */
export async function addressInvite(
  db: Executor,
  inviteId: string,
  emailKey: string,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('invites')
    .set({ email_key: emailKey })
    .where('id', '=', inviteId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes an unused invitation; false when it is used (or already revoked). */
export async function revokeInvite(db: Executor, inviteId: string, at: string): Promise<boolean> {
  const result = await db.kysely
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('id', '=', inviteId)
    .where('used_by', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
