import type { InvitationsAnswer } from '@portal/domain';
import type { Executor } from '../../db/repositories/executor';
import {
  insertOpenInvitations,
  invitationCounts,
  invitationsOfGroup,
  seatsBought,
} from '../../db/repositories/invitations';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { Viewer } from '../../policies';
import { presentInvitation } from '../../presenters/invitations';
import { adminGroup, newInvitationId, type InvitationsContext } from './context';

/** A group's invitations (but those its current members used), their counts and its seats. */
export async function summary(
  ctx: InvitationsContext,
  orgId: string,
  groupId: string,
): Promise<InvitationsAnswer> {
  const [records, counts, seats] = await Promise.all([
    invitationsOfGroup(ctx.db, orgId, groupId, { notUsed: true }),
    invitationCounts(ctx.db, orgId, groupId),
    seatsBought(ctx.db, orgId, groupId),
  ]);
  return {
    invitations: records.map(presentInvitation),
    counts,
    seats: {
      bought: seats.bought,
      used: counts.used,
      free: Math.max(0, seats.bought - counts.used),
    },
  };
}

export async function list(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
): Promise<InvitationsAnswer> {
  await adminGroup(ctx, org, viewer, groupId);
  return summary(ctx, org.id, groupId);
}

/**
 * A purchase's seats: `quantity` open invitations of the buyer's cohort, made in the
 * fulfilment's transaction.
 */
export async function openSeats(
  ctx: InvitationsContext,
  tx: Executor,
  seats: { orgId: string; groupId: string; orderId: string; quantity: number; at: string },
): Promise<void> {
  await insertOpenInvitations(tx, {
    orgId: seats.orgId,
    groupId: seats.groupId,
    orderId: seats.orderId,
    ids: Array.from({ length: seats.quantity }, newInvitationId),
    at: seats.at,
  });
}
