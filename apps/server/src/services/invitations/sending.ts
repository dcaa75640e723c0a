import {
  errorText,
  invitationState,
  isUnused,
  localise,
  MAX_BULK_EMAILS,
  pastedEmails,
  resolveLocale,
  type BulkInviteAnswer,
  type BulkInviteBody,
  type BulkInviteSkip,
  type Invitation,
} from '@portal/domain';
import { z } from 'zod';
import { findUser, loginKey } from '../../db/repositories/accounts';
import { inTransaction } from '../../db/repositories/executor';
import { memberEmailKeys } from '../../db/repositories/group-admin';
import {
  addressInvitation,
  insertOpenInvitations,
  invitationsOfGroup,
  lockGroupSeats,
  revokeInvitation,
  seatsBought,
} from '../../db/repositories/invitations';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import type { Viewer } from '../../policies';
import { presentInvitation } from '../../presenters/invitations';
import { conflict, invalid, notFound } from '../errors';
import { inviteMail } from '../mail-templates';
import { withUnsubscribe } from '../notifications/texts';
import type { RequestAddress } from '../site-links';
import { adminGroup, newInvitationId, now, type Admin, type InvitationsContext } from './context';

const emailSchema = z.email();

/**
 * Invites every email of a pasted list: each is checked; those that are not emails, come twice,
 * belong to members or already hold an open invitation of the group are listed and not sent;
 * the others each get a seat (an open one, or a new one for a seat freed by a revocation or a
 * removal) and a mail, while seats last.
 */
export async function invite(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Admin,
  groupId: string,
  body: BulkInviteBody,
  requestLocale: string,
  site?: RequestAddress,
): Promise<BulkInviteAnswer> {
  const locale = resolveLocale(body.locale ?? requestLocale, org.settings.locales);
  const group = await adminGroup(ctx, org, viewer, groupId);
  const entries = pastedEmails(body.emails);
  if (entries.length === 0) throw invalid('pasteEmails', { emails: 'isRequired' });
  if (entries.length > MAX_BULK_EMAILS)
    throw invalid(errorText('tooManyEmails', { max: MAX_BULK_EMAILS }), {
      emails: errorText('atMostAddresses', { max: MAX_BULK_EMAILS }),
    });
  const skipped: BulkInviteAnswer['skipped'] = [];
  const skip = (email: string, reason: BulkInviteSkip) => skipped.push({ email, reason });
  const wanted: string[] = [];
  for (const entry of entries) {
    const key = loginKey(entry);
    if (entry.length > 254 || !emailSchema.safeParse(entry).success) skip(entry, 'invalid');
    else if (wanted.includes(key)) skip(entry, 'duplicate');
    else wanted.push(key);
  }
  const members = await memberEmailKeys(ctx.db, org.id, groupId, wanted);
  // Seats freed by revocations and removals come back as new open ones, as many as are needed.
  const available = await inTransaction(ctx.db, async (tx) => {
    await lockGroupSeats(tx, org.id, groupId);
    const invitations = await invitationsOfGroup(tx, org.id, groupId);
    const invited = new Set(
      invitations.filter((i) => isUnused(i) && i.emailKey).map((i) => i.emailKey!),
    );
    for (const key of [...wanted]) {
      if (members.has(key)) skip(key, 'member');
      else if (invited.has(key)) skip(key, 'invited');
      else continue;
      wanted.splice(wanted.indexOf(key), 1);
    }
    const open = invitations.filter((i) => invitationState(i) === 'open').map((i) => i.id);
    const seats = await seatsBought(tx, org.id, groupId);
    const holding = invitations.filter((i) => !i.revokedAt).length;
    const freed = Math.max(0, seats.bought - holding);
    const fresh = Array.from(
      { length: Math.min(freed, Math.max(0, wanted.length - open.length)) },
      newInvitationId,
    );
    await insertOpenInvitations(tx, {
      orgId: org.id,
      groupId,
      orderId: seats.latestOrderId,
      ids: fresh,
      at: now(),
    });
    return [...open, ...fresh];
  });
  // Each address on its own statement: the database keeps one open invitation per address.
  const sent: string[] = [];
  for (const email of wanted) {
    let outcome: 'addressed' | 'taken' | 'invited' | 'noSeat' = 'noSeat';
    while (available.length) {
      const id = available.shift()!;
      outcome = await addressInvitation(ctx.db, id, email);
      if (outcome === 'addressed') {
        sent.push(id);
        break;
      }
      if (outcome === 'invited') {
        available.unshift(id);
        break;
      }
    }
    if (outcome === 'invited') skip(email, 'invited');
    else if (outcome !== 'addressed') skip(email, 'noSeat');
  }
  const after = new Map(
    (await invitationsOfGroup(ctx.db, org.id, groupId)).map((i) => [i.id, i] as const),
  );
  const invited = sent.map((id) => presentInvitation(after.get(id)!));
  const from = await senderName(ctx, org, viewer, locale);
  for (const invitation of invited)
    mail(ctx, org, locale, from, localise(group.name, locale), invitation, site);
  return { invited, skipped };
}

/** Mails a pending invitation again, to the email it is addressed to. */
export async function resend(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Admin,
  groupId: string,
  inviteId: string,
  requestLocale: string,
  site?: RequestAddress,
): Promise<Invitation> {
  const locale = resolveLocale(requestLocale, org.settings.locales);
  const group = await adminGroup(ctx, org, viewer, groupId);
  const [record] = await invitationsOfGroup(ctx.db, org.id, groupId, { inviteId });
  if (!record) throw notFound('inviteNotFound');
  if (!isUnused(record)) throw conflict('inviteTaken');
  if (!record.emailKey) throw conflict('inviteNotAddressed');
  const view = presentInvitation(record);
  const from = await senderName(ctx, org, viewer, locale);
  mail(ctx, org, locale, from, localise(group.name, locale), view, site);
  return view;
}

/** Revokes an unused invitation: its link stops working, and its seat is free again. */
export async function revoke(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Viewer,
  groupId: string,
  inviteId: string,
): Promise<Invitation> {
  await adminGroup(ctx, org, viewer, groupId);
  const [record] = await invitationsOfGroup(ctx.db, org.id, groupId, { inviteId });
  if (!record) throw notFound('inviteNotFound');
  if (record.revokedAt) return presentInvitation(record);
  if (!isUnused(record) || !(await revokeInvitation(ctx.db, record.id, now())))
    throw conflict('inviteTaken');
  const [after] = await invitationsOfGroup(ctx.db, org.id, groupId, { inviteId });
  return presentInvitation(after!);
}

async function senderName(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  viewer: Admin,
  locale: string,
) {
  const admin = await findUser(ctx.db, org.id, viewer.userId);
  const name = admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.username : '';
  return name || localise(org.settings.name, locale);
}

function mail(
  ctx: InvitationsContext,
  org: OrganisationRecord,
  locale: string,
  from: string,
  groupName: string,
  invitation: Invitation,
  site: RequestAddress | undefined,
): void {
  const email = invitation.email;
  if (!email) return;
  const link = ctx.links.page(org, invitation.link, site);
  const send = async () => {
    const subject = await ctx.notifications.subjectOfEmail(org, email);
    // Unsubscribed from invitations: neither this mail nor its reminders.
    const sent = await ctx.notifications.send(
      org,
      { subject, email },
      'invitation',
      `invitation:${invitation._id}:${email.toLowerCase()}:${Date.now()}`,
      (lang, unsubscribe) =>
        withUnsubscribe(
          inviteMail(org.settings, lang, email, { from, bundleName: groupName }, link),
          lang,
          unsubscribe,
        ),
      { hint: locale },
    );
    if (sent)
      await ctx.notifications.invitationMailed(
        org,
        { id: invitation._id, groupId: invitation.group, email },
        locale,
      );
  };
  void send().catch((err: unknown) =>
    ctx.log.error({ err, inviteId: invitation._id }, 'invitation not sent'),
  );
}
