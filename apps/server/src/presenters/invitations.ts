import { invitationLink, invitationState, type Invitation } from '@portal/domain';
import type { InvitationRecord } from '../db/repositories/invitations';

/** An invitation as the API shows it (docs/design.md §9). */
export function presentInvitation(record: InvitationRecord): Invitation {
  const state = invitationState(record);
  return {
    _id: record.id,
    group: record.groupId,
    // Who it was sent to, or who took it.
    email: record.usedByEmail ?? record.emailKey,
    state,
    createdAt: record.createdAt,
    usedBy: state === 'used' ? record.usedBy : null,
    usedAt: record.usedAt,
    revokedAt: record.revokedAt,
    link: invitationLink(record.id, record.emailKey, record.addresseeHasAccount),
  };
}
