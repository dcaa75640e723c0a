import type { BulkInviteAnswer, Invitation } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

// The one route set of invitations (docs/design.md §9): a group's seats and invitations, for
// its administrators (the buyer of a cohort, or the group's own).

/** How often an open seat screen asks again, so seats taken meanwhile show. */
export const INVITATIONS_REFRESH_MS = 30_000;

/** `viewer` is part of every key: only the group's administrators may read it. */
export const invitationKeys = {
  group: (alias: string, groupId: string, viewer: string) =>
    ['invitations', alias, groupId, viewer] as const,
};

/** GET …/userGroup/{groupId}/invites: seats, counts and the invitations not used by a member. */
export function invitationsQuery(alias: string, groupId: string, viewer: string) {
  return queryOptions({
    queryKey: invitationKeys.group(alias, groupId, viewer),
    queryFn: ({ signal }) => call('invitations', { params: { org: alias, groupId }, signal }),
    // Someone joining meanwhile uses a seat: the screen follows while it is open.
    refetchInterval: INVITATIONS_REFRESH_MS,
  });
}

/** POST …/invites: invites every pasted email that can be. */
export function bulkInvite(
  alias: string,
  groupId: string,
  body: { emails: string; locale: string },
): Promise<BulkInviteAnswer> {
  return call('invite', { params: { org: alias, groupId }, body });
}

async function invitationAction(
  alias: string,
  groupId: string,
  inviteId: string,
  action: 'resend' | 'revoke',
  locale: string,
): Promise<Invitation> {
  const { invitation } = await call(action === 'resend' ? 'resendInvite' : 'revokeInvite', {
    params: { org: alias, groupId, inviteId },
    query: { locale },
  });
  return invitation;
}

/** POST …/invites/{inviteId}/resend: mails a pending invitation again. */
export const resendInvitation = (
  alias: string,
  groupId: string,
  inviteId: string,
  locale: string,
) => invitationAction(alias, groupId, inviteId, 'resend', locale);

/** POST …/invites/{inviteId}/revoke: its link stops working; its seat is free. */
export const revokeInvitation = (
  alias: string,
  groupId: string,
  inviteId: string,
  locale: string,
) => invitationAction(alias, groupId, inviteId, 'revoke', locale);
