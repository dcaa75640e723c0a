import { randomBytes } from 'node:crypto';
import {
  invitationLink,
  invitationState,
  isUnused,
  localise,
  MAX_BULK_EMAILS,
  errorText,
  pastedEmails,
  resolveLocale,
  type BulkInviteAnswer,
  type BulkInviteBody,
  type BulkInviteSkip,
  type Invitation,
  type InvitationsAnswer,
  type JoinedGroup,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/database';
import { findUser, loginKey } from '../db/repositories/accounts';
import { inTransaction, type Executor } from '../db/repositories/executor';
import { memberEmailKeys } from '../db/repositories/group-admin';
import {
  addressInvitation,
  claimInvitation,
  findUsableInvitation,
  insertOpenInvitations,
  invitationCounts,
  invitationsOfGroup,
  lockGroupSeats,
  revokeInvitation,
  seatsBought,
  type InvitationRecord,
} from '../db/repositories/invitations';
import { addMember, membershipsOf } from '../db/repositories/memberships';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { findUserGroup } from '../db/repositories/user-groups';
import type { UserRow } from '../db/schema';
import { assertMayInvite, type Viewer } from '../policies';
import { conflict, invalid, notFound } from './errors';
import { inviteMail } from './mail-templates';
import type { RequestAddress, SiteLinks } from './site-links';
import type { ViewerService } from './viewer-service';


const emailSchema = z.email();
/** Invitation ids: 128 random bits, unguessable (the link is the credential). */
export const newInvitationId = () => randomBytes(16).toString('base64url');
const now = () => new Date().toISOString();

type Admin = Viewer & { userId: string };

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

/**
 * The one invitations module (docs/design.md §9): a group's seats and invitations, for the
 * buyer's seat screen and the group's page alike; and the use of an invitation by whoever holds
 * its link (sign-up, sign-in, single sign-on, or accepting it while signed in). Every action on a
 * group's invitations is for its administrators (policies/groups.ts, `assertMayInvite`).
 */
export class InvitationService {
  constructor(
    private readonly db: Db,
    private readonly viewers: ViewerService,
    private readonly mailer: Mailer,
    private readonly links: SiteLinks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The group, for one of its administrators; 404 (not in it) or 403 (a member) for others. */
  private async adminGroup(org: OrganisationRecord, viewer: Viewer, groupId: string) {
    assertMayInvite(viewer, groupId);
    const group = await findUserGroup(this.db, org.id, groupId);
    if (!group) throw notFound('groupNotFound');
    return group;
  }

  /** A group's invitations (but those its current members used), their counts and its seats. */
  async summary(orgId: string, groupId: string): Promise<InvitationsAnswer> {
    const [records, counts, seats] = await Promise.all([
      invitationsOfGroup(this.db, orgId, groupId, { notUsed: true }),
      invitationCounts(this.db, orgId, groupId),
      seatsBought(this.db, orgId, groupId),
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

  async list(org: OrganisationRecord, viewer: Viewer, groupId: string): Promise<InvitationsAnswer> {
    await this.adminGroup(org, viewer, groupId);
    return this.summary(org.id, groupId);
  }

  /**
   * Invites every email of a pasted list: each is checked; those that are not emails, come twice,
   * belong to members or already hold an open invitation of the group are listed and not sent;
   * the others each get a seat (an open one, or a new one for a seat freed by a revocation or a
   * removal) and a mail, while seats last.
   */
  async invite(
    org: OrganisationRecord,
    viewer: Admin,
    groupId: string,
    body: BulkInviteBody,
    requestLocale: string,
    site?: RequestAddress,
  ): Promise<BulkInviteAnswer> {
    const locale = resolveLocale(body.locale ?? requestLocale, org.settings.locales);
    const group = await this.adminGroup(org, viewer, groupId);
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
    const members = await memberEmailKeys(this.db, org.id, groupId, wanted);
    // Seats freed by revocations and removals come back as new open ones, as many as are needed.
    const available = await inTransaction(this.db, async (tx) => {
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
        outcome = await addressInvitation(this.db, id, email);
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
      (await invitationsOfGroup(this.db, org.id, groupId)).map((i) => [i.id, i] as const),
    );
    const invited = sent.map((id) => presentInvitation(after.get(id)!));
    const from = await this.senderName(org, viewer, locale);
    for (const invitation of invited)
      this.mail(org, locale, from, localise(group.name, locale), invitation, site);
    return { invited, skipped };
  }

  /** Mails a pending invitation again, to the email it is addressed to. */
  async resend(
    org: OrganisationRecord,
    viewer: Admin,
    groupId: string,
    inviteId: string,
    requestLocale: string,
    site?: RequestAddress,
  ): Promise<Invitation> {
    const locale = resolveLocale(requestLocale, org.settings.locales);
    const group = await this.adminGroup(org, viewer, groupId);
    const [record] = await invitationsOfGroup(this.db, org.id, groupId, { inviteId });
    if (!record) throw notFound('inviteNotFound');
    if (!isUnused(record)) throw conflict('inviteTaken');
    if (!record.emailKey) throw conflict('inviteNotAddressed');
    const view = presentInvitation(record);
    const from = await this.senderName(org, viewer, locale);
    this.mail(org, locale, from, localise(group.name, locale), view, site);
    return view;
  }

  /** Revokes an unused invitation: its link stops working, and its seat is free again. */
  async revoke(
    org: OrganisationRecord,
    viewer: Viewer,
    groupId: string,
    inviteId: string,
  ): Promise<Invitation> {
    await this.adminGroup(org, viewer, groupId);
    const [record] = await invitationsOfGroup(this.db, org.id, groupId, { inviteId });
    if (!record) throw notFound('inviteNotFound');
    if (record.revokedAt) return presentInvitation(record);
    if (!isUnused(record) || !(await revokeInvitation(this.db, record.id, now())))
      throw conflict('inviteTaken');
    const [after] = await invitationsOfGroup(this.db, org.id, groupId, { inviteId });
    return presentInvitation(after!);
  }

  /**
   * A purchase's seats: `quantity` open invitations of the buyer's cohort, made in the
   * fulfilment's transaction.
   */
  async openSeats(
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

  /**
   * Uses an invitation for `user`, who joins its group (in `tx`, when the caller writes the
   * account in the same transaction). A used, revoked or unknown invitation, one of another
   * organisation or one addressed to another email is refused (400, errfor inviteId). A learner
   * already in the group keeps the seat unused: `joined` is false.
   */
  async use(
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
  async useNow(
    org: OrganisationRecord,
    user: Pick<UserRow, 'id' | 'email_key'>,
    inviteId: string,
    locale: string,
  ): Promise<{ group: JoinedGroup; joined: boolean }> {
    const outcome = await inTransaction(this.db, (tx) => this.use(tx, org, user, inviteId, locale));
    this.viewers.forget(org.id, user.id);
    return outcome;
  }

  private async senderName(org: OrganisationRecord, viewer: Admin, locale: string) {
    const admin = await findUser(this.db, org.id, viewer.userId);
    const name = admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.username : '';
    return name || localise(org.settings.name, locale);
  }

  private mail(
    org: OrganisationRecord,
    locale: string,
    from: string,
    groupName: string,
    invitation: Invitation,
    site: RequestAddress | undefined,
  ): void {
    if (!invitation.email) return;
    void this.mailer
      .send(
        inviteMail(
          org.settings,
          locale,
          invitation.email,
          { from, bundleName: groupName },
          this.links.page(org, invitation.link, site),
        ),
      )
      .catch((err: unknown) =>
        this.log.error({ err, inviteId: invitation._id }, 'invitation not sent'),
      );
  }
}
