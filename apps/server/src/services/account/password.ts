import type { PasswordChangeBody } from '@portal/domain';
import { activateInvited } from '../../db/repositories/admin-people';
import {
  findPasswordReset,
  findUser,
  findUserByEmail,
  insertPasswordReset,
  loginKey,
  updateUser,
  useAllResetLinksOf,
  useResetLink,
} from '../../db/repositories/accounts';
import { inTransaction } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { invalid, unauthenticated } from '../errors';
import { passwordResetMail } from '../mail-templates';
import { hashPassword, verifyPassword } from '../passwords';
import type { RequestAddress } from '../site-links';
import { hashToken, newToken } from '../tokens';
import { now, oAuthRequired, slowDownGuesses, type AccountContext } from './context';

const RESET_TTL_MS = 3_600_000;

/**
 * Answers at once, the same for every email, and only then looks the email up and, when it
 * has an account, stores a reset link and mails it: the answer waits for no query and no
 * mail, so its timing does not tell whether the email has an account (issue 16 F7). The
 * link's address is the request's own when it is one of the organisation's (`from`, SiteLinks),
 * else its configured one.
 */
export function forgot(
  ctx: AccountContext,
  org: OrganisationRecord,
  email: string,
  locale: string,
  from?: RequestAddress,
): void {
  // After the answer is written (the handler's promise settles in this turn of the loop).
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => mailResetLink(ctx, org, email, locale, from))
    .catch((err: unknown) =>
      ctx.log.error({ err: (err as Error).message }, 'the password reset link could not be made'),
    )
    .finally(() => ctx.afterAnswers.delete(work));
  ctx.afterAnswers.add(work);
}

/** Waits for the work started after answers (the server closes once it is done). */
export async function settle(ctx: AccountContext): Promise<void> {
  while (ctx.afterAnswers.size) await Promise.all([...ctx.afterAnswers]);
}

async function mailResetLink(
  ctx: AccountContext,
  org: OrganisationRecord,
  email: string,
  locale: string,
  from: RequestAddress | undefined,
) {
  const user = await findUserByEmail(ctx.db, org.id, email);
  if (!user || user.oauth_group_id) return;
  const { token, hash } = newToken();
  const stamp = Date.now();
  await insertPasswordReset(ctx.db, {
    tokenHash: hash,
    userId: user.id,
    orgId: org.id,
    createdAt: new Date(stamp).toISOString(),
    expiresAt: new Date(stamp + RESET_TTL_MS).toISOString(),
  });
  const link = ctx.links.page(
    org,
    `/resetPassword/${encodeURIComponent(user.email)}/${token}`,
    from,
  );
  const mail = passwordResetMail(
    org.settings,
    locale,
    { email: user.email, name: user.first_name || user.username },
    link,
  );
  // The mail is not waited for: a slow mail server holds up nothing, not even a shutdown.
  ctx.mailer
    .send(mail)
    .catch((err: unknown) =>
      ctx.log.error({ err: (err as Error).message }, 'the password reset mail could not be sent'),
    );
}

export async function reset(
  ctx: AccountContext,
  org: OrganisationRecord,
  email: string,
  token: string,
  password: string,
): Promise<void> {
  const reset = await findPasswordReset(ctx.db, org.id, hashToken(token));
  if (!reset || reset.usedAt || reset.expiresAt <= now() || reset.emailKey !== loginKey(email))
    throw invalid('resetLinkInvalid');
  const passwordHash = await hashPassword(password);
  await inTransaction(ctx.db, async (tx) => {
    if (!(await useResetLink(tx, reset.tokenHash, now()))) throw invalid('resetLinkInvalid');
    await updateUser(tx, org.id, reset.userId, { password_hash: passwordHash }, now());
    // An invited person who chose a password is active (the console's invitation).
    await activateInvited(tx, org.id, reset.userId);
    // A new password ends every session and every other reset link of the account.
    await useAllResetLinksOf(tx, reset.userId, now());
  });
  await ctx.sessions.revokeAllOf(reset.userId);
}

/**
 * The signed-in learner changes their password with the current one (issue 24). A wrong one
 * counts as a guess at the account, as a wrong sign-in does (slowed down the same way). Every
 * other session and every reset link ends; the session of `keepToken` stays.
 */
export async function changePassword(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  keepToken: string,
  body: PasswordChangeBody,
): Promise<void> {
  const user = await findUser(ctx.db, org.id, userId);
  if (!user) throw unauthenticated('sessionEnded');
  if (user.oauth_group_id) throw oAuthRequired(user.oauth_group_id);
  await slowDownGuesses(ctx, user.id);
  if (!(await verifyPassword(user.password_hash, body.current)))
    throw invalid('currentPasswordWrong', { current: 'isNotRight' });
  await ctx.guesses.clear(user.id);
  const passwordHash = await hashPassword(body.password);
  await inTransaction(ctx.db, async (tx) => {
    await updateUser(tx, org.id, user.id, { password_hash: passwordHash }, now());
    await useAllResetLinksOf(tx, user.id, now());
  });
  await ctx.sessions.revokeOthersOf(user.id, keepToken);
}

/**
 * The signed-in person's password asked again before something that cannot be undone (erasing):
 * a wrong one counts as a guess at the account and waits as sign-in does; the right one clears
 * the count. An account without a password (single sign-on) never matches.
 */
export async function confirmPassword(
  ctx: AccountContext,
  userId: string,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  await slowDownGuesses(ctx, userId);
  if (!passwordHash || !(await verifyPassword(passwordHash, password))) return false;
  await ctx.guesses.clear(userId);
  return true;
}
