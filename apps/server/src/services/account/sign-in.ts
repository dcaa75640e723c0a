import { randomUUID } from 'node:crypto';
import {
  type ErrorSay,
  resolveLocale,
  type AccountView,
  type JoinedGroup,
  type LoginBody,
  type SignupBody,
} from '@portal/domain';
import {
  findUser,
  findUserByLogin,
  insertUser,
  loginKey,
  takenLogins,
} from '../../db/repositories/accounts';
import { inTransaction, isUniqueViolation } from '../../db/repositories/executor';
import { findUsableInvitation } from '../../db/repositories/invitations';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { conflict, forbidden, invalid, unauthenticated } from '../errors';
import { hashPassword, verifyPassword } from '../passwords';
import { now, oAuthRequired, slowDownGuesses, type AccountContext } from './context';
import { account } from './profile';

/**
 * What the per-account sign-in limit counts by: the account the username or email names (one
 * count for both), or the name itself when no account has it.
 */
export async function loginLimitKey(
  ctx: AccountContext,
  org: OrganisationRecord,
  login: string,
): Promise<string> {
  const user = await findUserByLogin(ctx.db, org.id, login);
  return user ? `account:${user.id}` : `name:${org.id}:${loginKey(login)}`;
}

export async function login(
  ctx: AccountContext,
  org: OrganisationRecord,
  body: LoginBody,
  requestLocale = 'en-US',
): Promise<{ token: string; userId: string; joined?: JoinedGroup }> {
  const user = await findUserByLogin(ctx.db, org.id, body.username);
  if (!user) {
    ctx.dummyHash ??= hashPassword(randomUUID());
    await verifyPassword(await ctx.dummyHash, body.password);
    throw unauthenticated('loginFailed');
  }
  if (user.oauth_group_id) throw oAuthRequired(user.oauth_group_id);
  await slowDownGuesses(ctx, user.id);
  // A wrong password leaves its attempt counted; the right one forgets them all.
  if (!(await verifyPassword(user.password_hash, body.password)))
    throw unauthenticated('loginFailed');
  await ctx.guesses.clear(user.id);
  // A deactivated account (the console) keeps its data but never signs in; said only to the
  // one who knows its password.
  if (user.status === 'deactivated') throw forbidden('accountDeactivated');
  // Signing in with a seat invitation (the link sent to an email that has an account): the
  // learner joins its group; one already in it keeps the seat unused.
  const locale = resolveLocale(requestLocale, org.settings.locales);
  const used = body.inviteId
    ? await ctx.invitations.useNow(org, user, body.inviteId, locale)
    : undefined;
  return {
    token: await ctx.sessions.create(user.id, org.id),
    userId: user.id,
    ...(used && { joined: used.group }),
  };
}

/**
 * A signed-in learner accepts a seat invitation (the link opened while signed in): the same
 * rules as signing in with it, except that a learner already in the group is told so (409) and
 * the seat stays unused. Answers the account, with the group, and the group it joined.
 */
export async function acceptInvite(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  inviteId: string,
  locale: string,
): Promise<{ account: AccountView; joined: JoinedGroup }> {
  const user = await findUser(ctx.db, org.id, userId);
  if (!user) throw unauthenticated('sessionEnded');
  const used = await ctx.invitations.useNow(org, user, inviteId, locale);
  if (!used.joined) throw conflict('alreadyMember');
  return { account: await account(ctx, org, userId, locale), joined: used.group };
}

export async function signup(
  ctx: AccountContext,
  org: OrganisationRecord,
  body: SignupBody,
  requestLocale = 'en-US',
): Promise<{ token: string; userId: string; joined?: JoinedGroup }> {
  const invite = body.inviteId
    ? await findUsableInvitation(ctx.db, org.id, body.inviteId, loginKey(body.email))
    : undefined;
  if (body.inviteId && !invite) throw invalid('inviteInvalid', { inviteId: 'isNotValid' });
  if (org.settings.disableSelfSignup && !invite) throw forbidden('inviteOnly');

  const taken = await takenLogins(ctx.db, org.id, body.username, body.email);
  const errfor: Record<string, ErrorSay> = {};
  if (taken.username) errfor.username = 'isAlreadyTaken';
  if (taken.email) errfor.email = 'alreadyHasAccount';
  if (Object.keys(errfor).length)
    throw invalid(errfor.username ? 'usernameTaken' : 'emailTaken', errfor);

  const id = randomUUID();
  const passwordHash = await hashPassword(body.password);
  const stamp = now();
  const locale = resolveLocale(requestLocale, org.settings.locales);
  let joined: JoinedGroup | undefined;
  try {
    await inTransaction(ctx.db, async (tx) => {
      await insertUser(tx, {
        id,
        orgId: org.id,
        username: body.username,
        email: body.email,
        passwordHash,
        first: body.first ?? '',
        last: body.last ?? '',
        at: stamp,
      });
      if (invite) {
        const used = await ctx.invitations.use(
          tx,
          org,
          { id, email_key: loginKey(body.email) },
          invite.id,
          locale,
        );
        joined = used.group;
      }
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw invalid('loginTaken', {
        username: 'isAlreadyTaken',
      });
    throw err;
  }
  return {
    token: await ctx.sessions.create(id, org.id),
    userId: id,
    ...(joined && { joined }),
  };
}
