import { localise, type JoinedGroup } from '@portal/domain';
import { inTransaction, type Executor } from '../../db/repositories/executor';
import { claimInvitation, findUsableInvitation } from '../../db/repositories/invitations';
import { addMember, membershipsOf } from '../../db/repositories/memberships';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { findUserGroup } from '../../db/repositories/user-groups';
import type { UserRow } from '../../db/schema';
import { invalid } from '../errors';
import { now, type InvitationsContext } from './context';

/**
 * Uses an invitation for `user`, who joins its group (in `tx`, when the caller writes the
 * account in the same transaction). A used, revoked or unknown invitation, one of another
 * organisation or one addressed to another email is refused (400, errfor inviteId). A learner
 * already in the group keeps the seat unused: `joined` is false.
 */
export async function use(
  ctx: InvitationsContext,
  tx: Executor,
  org: OrganisationRecord,
  user: Pick<UserRow, 'id' | 'email_key'>,
  inviteId: string,
  locale: string,
): Promise<{ group: JoinedGroup; joined: boolean }> {
  const invitation = await findUsableInvitation(tx, org.id, inviteId, user.email_key);
  if (!invitation) throw invalid('inviteInvalid', { inviteId: 'isNotValid' });
  const stored = await findUserGroup(tx, org.id, invitation.group_id);
  const group = {
    _id: invitation.group_id,
    name: stored ? localise(stored.name, locale) : '',
  };
  const groups = await membershipsOf(tx, org.id, user.id);
  if (groups.some((g) => g.groupId === invitation.group_id && !g.isInherited))
    return { group, joined: false };
  if (!(await claimInvitation(tx, invitation.id, user.id, now())))
    throw invalid('inviteInvalid', { inviteId: 'hasBeenUsed' });
  await addMember(tx, {
    orgId: org.id,
    groupId: invitation.group_id,
    userId: user.id,
    role: 'member',
  });
  return { group, joined: true };
}

/** As `use`, in a transaction of its own; the learner's groups are read again afterwards. */
export async function useNow(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  user: Pick<UserRow, 'id' | 'email_key'>,
  inviteId: string,
  locale: string,
): Promise<{ group: JoinedGroup; joined: boolean }> {
  const outcome = await inTransaction(ctx.db, (tx) => use(ctx, tx, org, user, inviteId, locale));
  ctx.viewers.forget(org.id, user.id);
  return outcome;
}
