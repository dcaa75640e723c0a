import { randomBytes, randomUUID } from 'node:crypto';
import type { SsoIdentity } from '../../adapters/sso/sso';
import { findUser, findUserByEmail, type UserRow } from '../../db/repositories/accounts';
import { inTransaction, isUniqueViolation, type Executor } from '../../db/repositories/executor';
import { addMember, membershipsOf } from '../../db/repositories/memberships';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import {
  findSsoIdentity,
  insertSsoIdentity,
  insertSsoUser,
  markSsoAccount,
  usernameTaken,
} from '../../db/repositories/sso';
import { conflict, forbidden, unauthenticated } from '../errors';
import { now, type SsoContext } from './context';

export async function signInAccount(
  ctx: SsoContext,
  org: OrganisationRecord,
  groupId: string,
  identity: SsoIdentity,
  inviteId: string | null,
  /** The signed-in account the identity is to be linked to (link mode), if any. */
  linkUserId: string | null,
): Promise<{ userId: string; linked: boolean }> {
  const at = now();
  const username = await freeUsername(ctx, org, identity);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      let linked = false;
      const knownId = await findSsoIdentity(tx, org.id, identity.issuer, identity.subject);
      if (knownId && linkUserId && knownId !== linkUserId) throw conflict('ssoLinkedElsewhere');
      let user: UserRow | undefined = knownId ? await findUser(tx, org.id, knownId) : undefined;
      if (!user) {
        const owner = linkUserId ? await findUser(tx, org.id, linkUserId) : undefined;
        const same =
          !owner && identity.email ? await findUserByEmail(tx, org.id, identity.email) : undefined;
        if (linkUserId && !owner) throw unauthenticated('signInRequired');
        if (owner) {
          // The owner signed in with the password and proved the identity at the provider.
          if (owner.oauth_group_id !== null) throw conflict('ssoEmailOtherSso');
          await markSsoAccount(tx, org.id, owner.id, groupId, at);
          user = owner;
          linked = true;
        } else if (same) {
          // Never taken over, verified email or not: the owner links by signing in with the
          // password first (design §11).
          if (same.oauth_group_id !== null) throw conflict('ssoEmailOtherSso');
          throw conflict('ssoLinkRequired', { link: { verbatim: groupId } });
        } else {
          const id = randomUUID();
          await insertSsoUser(tx, {
            id,
            orgId: org.id,
            username,
            email: identity.emailVerified && identity.email ? identity.email : '',
            first: identity.firstName ?? '',
            last: identity.lastName ?? '',
            groupId,
            at,
          });
          user = (await findUser(tx, org.id, id))!;
        }
        await insertSsoIdentity(tx, {
          orgId: org.id,
          issuer: identity.issuer,
          subject: identity.subject,
          userId: user.id,
          at,
        });
      } else if (user.oauth_group_id !== groupId) {
        // Logging out takes the learner back to the group they last signed in with.
        await markSsoAccount(tx, org.id, user.id, groupId, at);
      }
      // A deactivated account (the console) never signs in, with its provider neither.
      if (user.status === 'deactivated') throw forbidden('accountDeactivated');
      await join(ctx, tx, org, user, groupId, inviteId);
      return { userId: user.id, linked };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('ssoEmailOtherSso');
    throw err;
  }
}

/** Makes the learner a member of the SSO group and of the invitation's group, if any. */
async function join(
  ctx: SsoContext,
  tx: Executor,
  org: OrganisationRecord,
  user: UserRow,
  groupId: string,
  inviteId: string | null,
): Promise<void> {
  if (inviteId)
    await ctx.invitations.use(tx, org, user, inviteId, org.settings.locales[0] ?? 'en-US');
  const groups = new Set((await membershipsOf(tx, org.id, user.id)).map((g) => g.groupId));
  if (!groups.has(groupId))
    await addMember(tx, { orgId: org.id, groupId, userId: user.id, role: 'member' });
}

/** A username for a new account: the provider's, or the email's name, made unique. */
async function freeUsername(
  ctx: SsoContext,
  org: OrganisationRecord,
  identity: SsoIdentity,
): Promise<string> {
  const wanted = identity.username ?? identity.email?.split('@')[0] ?? 'sso';
  let base = wanted.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 32);
  if (base.length < 3) base = `sso-${base}`.slice(0, 32);
  if (!(await usernameTaken(ctx.db, org.id, base))) return base;
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await usernameTaken(ctx.db, org.id, candidate))) return candidate;
  }
  return `sso-${randomUUID().slice(0, 18)}`;
}
