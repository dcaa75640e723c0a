import { resolveLocale } from '@portal/domain';
import {
  findEmailChange,
  findUser,
  findUserByLogin,
  insertEmailChange,
  loginKey,
  updateUser,
  useAllEmailChangesOf,
  useAllResetLinksOf,
  useEmailChange,
} from '../../db/repositories/accounts';
import { inTransaction, isUniqueViolation } from '../../db/repositories/executor';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { invalid, unauthenticated } from '../errors';
import { emailChangeMail, emailChangeNoticeMail } from '../mail-templates';
import { hashToken, newToken } from '../tokens';
import { now, type AccountContext } from './context';

const EMAIL_CHANGE_TTL_MS = 86_400_000;

/** Refuses an address another account of the organisation has (as email or username). */
async function refuseTakenEmail(
  ctx: AccountContext,
  orgId: string,
  userId: string,
  email: string,
): Promise<void> {
  const other = await findUserByLogin(ctx.db, orgId, email);
  if (other && other.id !== userId) throw invalid('emailTaken', { email: 'alreadyHasAccount' });
}

/**
 * The signed-in learner asks for a new email: a link that works once, for 24 hours, goes to
 * the new address, and a notice to the current one; the address changes only when the link
 * is followed (confirmEmail). A newer request ends the links of the older ones.
 */
export async function requestEmailChange(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  newEmail: string,
  requestLocale: string,
): Promise<void> {
  const user = await findUser(ctx.db, org.id, userId);
  if (!user) throw unauthenticated('sessionEnded');
  if (user.oauth_group_id) throw invalid('ssoEmail', { email: 'fromSingleSignOn' });
  if (loginKey(newEmail) === user.email_key)
    throw invalid('sameEmail', { email: 'isAlreadyYourEmail' });
  await refuseTakenEmail(ctx, org.id, user.id, newEmail);
  const { token, hash } = newToken();
  const stamp = Date.now();
  await inTransaction(ctx.db, async (tx) => {
    await useAllEmailChangesOf(tx, user.id, new Date(stamp).toISOString());
    await insertEmailChange(tx, {
      tokenHash: hash,
      userId: user.id,
      orgId: org.id,
      newEmail,
      createdAt: new Date(stamp).toISOString(),
      expiresAt: new Date(stamp + EMAIL_CHANGE_TTL_MS).toISOString(),
    });
  });
  const locale = resolveLocale(requestLocale, org.settings.locales);
  const name = user.first_name || user.username;
  const link = ctx.links.page(org, `/confirmEmail/${token}`);
  for (const mail of [
    emailChangeMail(org.settings, locale, { email: newEmail, name }, link),
    emailChangeNoticeMail(org.settings, locale, { email: user.email, name }, newEmail),
  ])
    // Not waited for: a slow mail server holds up nothing.
    ctx.mailer
      .send(mail)
      .catch((err: unknown) =>
        ctx.log.error({ err: (err as Error).message }, 'the email change mail could not be sent'),
      );
}

/** Follows the link mailed to a new address: the account takes it (once, before it expires). */
export async function confirmEmail(
  ctx: AccountContext,
  org: OrganisationRecord,
  token: string,
): Promise<void> {
  const change = await findEmailChange(ctx.db, org.id, hashToken(token));
  if (!change || change.usedAt || change.expiresAt <= now()) throw invalid('emailLinkInvalid');
  await refuseTakenEmail(ctx, org.id, change.userId, change.newEmail);
  try {
    await inTransaction(ctx.db, async (tx) => {
      if (!(await useEmailChange(tx, change.tokenHash, now()))) throw invalid('emailLinkInvalid');
      await updateUser(
        tx,
        org.id,
        change.userId,
        { email: change.newEmail, email_key: loginKey(change.newEmail) },
        now(),
      );
      // Links mailed to the old address end with it.
      await useAllEmailChangesOf(tx, change.userId, now());
      await useAllResetLinksOf(tx, change.userId, now());
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('emailTaken', { email: 'alreadyHasAccount' });
    throw err;
  }
}
