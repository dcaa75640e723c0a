import { z } from 'zod';

/**
 * Invitations (docs/design.md §9): one model for the seats a buyer hands out and the people a
 * group's administrators invite. A seat is an invitation: `open` while it is addressed to no one,
 * `pending` once it is sent to an email, `used` by the person who took it, or `revoked` (by an
 * administrator, or freed when its member was removed). The rules here run on the server and in
 * the browser alike.
 */

export const INVITATION_STATES = ['open', 'pending', 'used', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** Emails one bulk invitation takes at most. */
export const MAX_BULK_EMAILS = 500;

/** What of a stored invitation decides its state. */
export interface InvitationFacts {
  emailKey: string | null;
  usedBy: string | null;
  revokedAt: string | null;
}

/** The state of an invitation: revoked wins, then used, then addressed (pending), else open. */
export function invitationState(invitation: InvitationFacts): InvitationState {
  if (invitation.revokedAt) return 'revoked';
  if (invitation.usedBy) return 'used';
  return invitation.emailKey ? 'pending' : 'open';
}

/** A seat that can still be given: open or pending (an administrator may send it elsewhere). */
export const isUnused = (invitation: InvitationFacts): boolean =>
  !invitation.usedBy && !invitation.revokedAt;

/**
 * The path an invitation's link opens on the organisation's site: sign-up with the email locked
 * (`/signup?email=…&inviteId=…`), sign-in when that email already has an account, and a bare
 * sign-up link for a seat addressed to no one yet.
 */
export function invitationLink(
  inviteId: string,
  emailKey: string | null,
  addresseeHasAccount: boolean,
): string {
  const id = encodeURIComponent(inviteId);
  if (!emailKey) return `/signup?inviteId=${id}`;
  const email = encodeURIComponent(emailKey);
  return addresseeHasAccount
    ? `/signin?email=${email}&inviteId=${id}`
    : `/signup?email=${email}&inviteId=${id}`;
}

/** Email addresses as pasted: split on commas, semicolons, spaces and new lines; `<a@b>` unwrapped. */
export function pastedEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^<|>$/g, ''))
    .filter(Boolean);
}

/**
 * The name of a buyer's cohort (docs/design.md §9): the buyer's company, else their full name,
 * else their username, then the group's name, in each locale the group's name has.
 */
export function cohortName(
  buyer: { company: string; first: string; last: string; username: string },
  groupName: string | Record<string, string>,
): Record<string, string> {
  const label =
    buyer.company.trim() || `${buyer.first} ${buyer.last}`.trim() || buyer.username.trim();
  const names = typeof groupName === 'string' ? { 'en-US': groupName } : groupName;
  return Object.fromEntries(
    Object.entries(names).map(([locale, name]) => [locale, `${label} · ${name}`.slice(0, 300)]),
  );
}

export const invitationSchema = z.object({
  _id: z.string(),
  /** The user group (a cohort, for a buyer's seats) the invitation joins. */
  group: z.string(),
  /** Who it is sent to, or who used it; null for an open seat. */
  email: z.string().nullable(),
  state: z.enum(INVITATION_STATES),
  createdAt: z.string(),
  /** The account that used it. */
  usedBy: z.string().nullable(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** A path of the organisation's site (the browser puts its origin in front). */
  link: z.string(),
});

export const invitationCountsSchema = z.object({
  open: z.number().int(),
  pending: z.number().int(),
  used: z.number().int(),
  revoked: z.number().int(),
});

/** The seats of a group: bought (its fulfilled orders), used (taken by a member), free. */
export const seatCountsSchema = z.object({
  bought: z.number().int(),
  used: z.number().int(),
  free: z.number().int(),
});

/** `GET /{org}/userGroup/{groupId}/invites`: a group's invitations and seats (administrators only). */
export const invitationsAnswerSchema = z.object({
  /** Every invitation but those used by a current member (each is that member's row), oldest first. */
  invitations: z.array(invitationSchema),
  counts: invitationCountsSchema,
  seats: seatCountsSchema,
});

export const invitationAnswerSchema = z.object({ invitation: invitationSchema });

/** Invite several people at once: emails pasted (separated by commas, spaces or new lines). */
export const bulkInviteBodySchema = z.object({
  emails: z.string({ error: 'is required' }).max(50_000),
  locale: z.string().max(35).optional(),
});

export const BULK_INVITE_SKIPS = ['invalid', 'duplicate', 'member', 'invited', 'noSeat'] as const;

export const bulkInviteAnswerSchema = z.object({
  invited: z.array(invitationSchema),
  /** What was not sent, and why: not an email, twice in the list, already a member, already invited, no seat left. */
  skipped: z.array(z.object({ email: z.string(), reason: z.enum(BULK_INVITE_SKIPS) })),
});

/** What accepting an invitation (or signing in or up with one) joined. */
export const joinedGroupSchema = z.object({ _id: z.string(), name: z.string() });

export type Invitation = z.infer<typeof invitationSchema>;
export type InvitationCounts = z.infer<typeof invitationCountsSchema>;
export type SeatCounts = z.infer<typeof seatCountsSchema>;
export type InvitationsAnswer = z.infer<typeof invitationsAnswerSchema>;
export type BulkInviteBody = z.infer<typeof bulkInviteBodySchema>;
export type BulkInviteAnswer = z.infer<typeof bulkInviteAnswerSchema>;
export type BulkInviteSkip = (typeof BULK_INVITE_SKIPS)[number];
export type JoinedGroup = z.infer<typeof joinedGroupSchema>;
