import { randomUUID } from 'node:crypto';
import {
  localise,
  resolveLocale,
  type AccountUpdate,
  type ErrorSay,
  type AccountView,
  type PasswordChangeBody,
  type JoinedGroup,
  type LoginBody,
  type SignupBody,
  type UploadedFile,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import {
  findEmailChange,
  findPasswordReset,
  findUser,
  findUserByEmail,
  findUserByLogin,
  insertEmailChange,
  insertPasswordReset,
  insertUser,
  loginKey,
  takenLogins,
  updateUser,
  useAllEmailChangesOf,
  useAllResetLinksOf,
  useEmailChange,
  useResetLink,
  type ProfileChange,
  type UserRow,
} from '../db/repositories/accounts';
import { inTransaction, isUniqueViolation } from '../db/repositories/executor';
import { findUsableInvitation } from '../db/repositories/invitations';
import { membershipsOf } from '../db/repositories/memberships';
import type { OrganisationRecord } from '../db/repositories/organisations';
import { deleteUpload, findOwnUpload } from '../db/repositories/uploads';
import {
  conflict,
  DomainError,
  forbidden,
  invalid,
  notFound,
  unauthenticated,
} from './errors';
import type { InvitationService } from './invitation-service';
import { emailChangeMail, emailChangeNoticeMail, passwordResetMail } from './mail-templates';
import { MemoryGuessCounter, type GuessCounter } from './login-guesses';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionService } from './session-service';
import type { RequestAddress, SiteLinks } from './site-links';
import type { ViewerService } from './viewer-service';
import { hashToken, newToken } from './tokens';

const RESET_TTL_MS = 3_600_000;
const EMAIL_CHANGE_TTL_MS = 86_400_000;
const now = () => new Date().toISOString();

/** A password login by an account that signs in through its group's single sign-on. */
export const oAuthRequired = (oAuthGroupId: string) =>
  new DomainError('invalid', 'ssoAccount', {
    extra: { oAuthGroupId },
  });

/** Wrong passwords for an account, from any address, before its sign-ins are slowed down. */
const FREE_FAILED_LOGINS = 10;
const MAX_LOGIN_DELAY_MS = 4_000;

export class AccountService {
  /** A real argon2id hash, verified when no account matches, so both cases take as long. */
  private dummyHash: Promise<string> | undefined;
  /**
   * Sign-in attempts by account since its last right password, forgotten 15 minutes after the
   * last one; in Redis with REDIS_URL (`shareGuesses`), so that they add up across processes.
   * Past FREE_FAILED_LOGINS wrong ones, each sign-in of the account waits longer (doubling, at
   * most MAX_LOGIN_DELAY_MS): guesses from many addresses slow down, and the learner, who knows
   * the password, still signs in (issue 16 F8: slow down, never lock out).
   */
  private guesses: GuessCounter = new MemoryGuessCounter();

  /** Counts sign-in attempts in `counter` (Redis, shared by every process) instead. */
  shareGuesses(counter: GuessCounter): void {
    this.guesses = counter;
  }

  /** Counts an attempt at the account and waits as long as the attempts before it call for. */
  private async slowDownGuesses(userId: string): Promise<void> {
    const over = (await this.guesses.count(userId)) - 1 - FREE_FAILED_LOGINS;
    if (over < 0) return;
    const ms = Math.min(250 * 2 ** over, MAX_LOGIN_DELAY_MS);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly storage: FileStorage,
    private readonly links: SiteLinks,
    private readonly log: FastifyBaseLogger,
    private readonly invitations: InvitationService,
    private readonly viewers?: ViewerService,
  ) {}

  /**
   * What the per-account sign-in limit counts by: the account the username or email names (one
   * count for both), or the name itself when no account has it.
   */
  async loginLimitKey(org: OrganisationRecord, login: string): Promise<string> {
    const user = await findUserByLogin(this.db, org.id, login);
    return user ? `account:${user.id}` : `name:${org.id}:${loginKey(login)}`;
  }

  async login(
    org: OrganisationRecord,
    body: LoginBody,
    requestLocale = 'en-US',
  ): Promise<{ token: string; userId: string; joined?: JoinedGroup }> {
    const user = await findUserByLogin(this.db, org.id, body.username);
    if (!user) {
      this.dummyHash ??= hashPassword(randomUUID());
      await verifyPassword(await this.dummyHash, body.password);
      throw unauthenticated('loginFailed');
    }
    if (user.oauth_group_id) throw oAuthRequired(user.oauth_group_id);
    await this.slowDownGuesses(user.id);
    // A wrong password leaves its attempt counted; the right one forgets them all.
    if (!(await verifyPassword(user.password_hash, body.password)))
      throw unauthenticated('loginFailed');
    await this.guesses.clear(user.id);
    // Signing in with a seat invitation (the link sent to an email that has an account): the
    // learner joins its group; one already in it keeps the seat unused.
    const locale = resolveLocale(requestLocale, org.settings.locales);
    const used = body.inviteId
      ? await this.invitations.useNow(org, user, body.inviteId, locale)
      : undefined;
    return {
      token: await this.sessions.create(user.id, org.id),
      userId: user.id,
      ...(used && { joined: used.group }),
    };
  }

  /**
   * A signed-in learner accepts a seat invitation (the link opened while signed in): the same
   * rules as signing in with it, except that a learner already in the group is told so (409) and
   * the seat stays unused. Answers the account, with the group, and the group it joined.
   */
  async acceptInvite(
    org: OrganisationRecord,
    userId: string,
    inviteId: string,
    locale: string,
  ): Promise<{ account: AccountView; joined: JoinedGroup }> {
    const user = await findUser(this.db, org.id, userId);
    if (!user) throw unauthenticated('sessionEnded');
    const used = await this.invitations.useNow(org, user, inviteId, locale);
    if (!used.joined) throw conflict('alreadyMember');
    return { account: await this.account(org, userId, locale), joined: used.group };
  }

  async signup(
    org: OrganisationRecord,
    body: SignupBody,
    requestLocale = 'en-US',
  ): Promise<{ token: string; userId: string; joined?: JoinedGroup }> {
    const invite = body.inviteId
      ? await findUsableInvitation(this.db, org.id, body.inviteId, loginKey(body.email))
      : undefined;
    if (body.inviteId && !invite) throw invalid('inviteInvalid', { inviteId: 'isNotValid' });
    if (org.settings.disableSelfSignup && !invite)
      throw forbidden('inviteOnly');

    const taken = await takenLogins(this.db, org.id, body.username, body.email);
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
      await inTransaction(this.db, async (tx) => {
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
          const used = await this.invitations.use(
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
        throw invalid('loginTaken', { username: 'isAlreadyTaken' });
      throw err;
    }
    return {
      token: await this.sessions.create(id, org.id),
      userId: id,
      ...(joined && { joined }),
    };
  }

  /** Password reset work started after its answer (forgot), awaited when the server closes. */
  private readonly afterAnswers = new Set<Promise<void>>();

  /**
   * Answers at once, the same for every email, and only then looks the email up and, when it
   * has an account, stores a reset link and mails it: the answer waits for no query and no
   * mail, so its timing does not tell whether the email has an account (issue 16 F7). The
   * link's address is the request's own when it is one of the organisation's (`from`, SiteLinks),
   * else its configured one.
   */
  forgot(org: OrganisationRecord, email: string, locale: string, from?: RequestAddress): void {
    // After the answer is written (the handler's promise settles in this turn of the loop).
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mailResetLink(org, email, locale, from))
      .catch((err: unknown) =>
        this.log.error(
          { err: (err as Error).message },
          'the password reset link could not be made',
        ),
      )
      .finally(() => this.afterAnswers.delete(work));
    this.afterAnswers.add(work);
  }

  /** Waits for the work started after answers (the server closes once it is done). */
  async settle(): Promise<void> {
    while (this.afterAnswers.size) await Promise.all([...this.afterAnswers]);
  }

  private async mailResetLink(
    org: OrganisationRecord,
    email: string,
    locale: string,
    from: RequestAddress | undefined,
  ) {
    const user = await findUserByEmail(this.db, org.id, email);
    if (!user || user.oauth_group_id) return;
    const { token, hash } = newToken();
    const stamp = Date.now();
    await insertPasswordReset(this.db, {
      tokenHash: hash,
      userId: user.id,
      orgId: org.id,
      createdAt: new Date(stamp).toISOString(),
      expiresAt: new Date(stamp + RESET_TTL_MS).toISOString(),
    });
    const link = this.links.page(
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
    this.mailer
      .send(mail)
      .catch((err: unknown) =>
        this.log.error(
          { err: (err as Error).message },
          'the password reset mail could not be sent',
        ),
      );
  }

  async reset(
    org: OrganisationRecord,
    email: string,
    token: string,
    password: string,
  ): Promise<void> {
    const reset = await findPasswordReset(this.db, org.id, hashToken(token));
    if (!reset || reset.usedAt || reset.expiresAt <= now() || reset.emailKey !== loginKey(email))
      throw invalid('resetLinkInvalid');
    const passwordHash = await hashPassword(password);
    await inTransaction(this.db, async (tx) => {
      if (!(await useResetLink(tx, reset.tokenHash, now()))) throw invalid('resetLinkInvalid');
      await updateUser(tx, org.id, reset.userId, { password_hash: passwordHash }, now());
      // A new password ends every session and every other reset link of the account.
      await useAllResetLinksOf(tx, reset.userId, now());
    });
    await this.sessions.revokeAllOf(reset.userId);
  }

  /**
   * The signed-in learner changes their password with the current one (issue 24). A wrong one
   * counts as a guess at the account, as a wrong sign-in does (slowed down the same way). Every
   * other session and every reset link ends; the session of `keepToken` stays.
   */
  async changePassword(
    org: OrganisationRecord,
    userId: string,
    keepToken: string,
    body: PasswordChangeBody,
  ): Promise<void> {
    const user = await findUser(this.db, org.id, userId);
    if (!user) throw unauthenticated('sessionEnded');
    if (user.oauth_group_id) throw oAuthRequired(user.oauth_group_id);
    await this.slowDownGuesses(user.id);
    if (!(await verifyPassword(user.password_hash, body.current)))
      throw invalid('currentPasswordWrong', { current: 'isNotRight' });
    await this.guesses.clear(user.id);
    const passwordHash = await hashPassword(body.password);
    await inTransaction(this.db, async (tx) => {
      await updateUser(tx, org.id, user.id, { password_hash: passwordHash }, now());
      await useAllResetLinksOf(tx, user.id, now());
    });
    await this.sessions.revokeOthersOf(user.id, keepToken);
  }

  /** Refuses an address another account of the organisation has (as email or username). */
  private async refuseTakenEmail(orgId: string, userId: string, email: string): Promise<void> {
    const other = await findUserByLogin(this.db, orgId, email);
    if (other && other.id !== userId)
      throw invalid('emailTaken', { email: 'alreadyHasAccount' });
  }

  /**
   * The signed-in learner asks for a new email: a link that works once, for 24 hours, goes to
   * the new address, and a notice to the current one; the address changes only when the link
   * is followed (confirmEmail). A newer request ends the links of the older ones.
   */
  async requestEmailChange(
    org: OrganisationRecord,
    userId: string,
    newEmail: string,
    requestLocale: string,
  ): Promise<void> {
    const user = await findUser(this.db, org.id, userId);
    if (!user) throw unauthenticated('sessionEnded');
    if (user.oauth_group_id) throw invalid('ssoEmail', { email: 'fromSingleSignOn' });
    if (loginKey(newEmail) === user.email_key)
      throw invalid('sameEmail', { email: 'isAlreadyYourEmail' });
    await this.refuseTakenEmail(org.id, user.id, newEmail);
    const { token, hash } = newToken();
    const stamp = Date.now();
    await inTransaction(this.db, async (tx) => {
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
    const link = this.links.page(org, `/confirmEmail/${token}`);
    for (const mail of [
      emailChangeMail(org.settings, locale, { email: newEmail, name }, link),
      emailChangeNoticeMail(org.settings, locale, { email: user.email, name }, newEmail),
    ])
      // Not waited for: a slow mail server holds up nothing.
      this.mailer
        .send(mail)
        .catch((err: unknown) =>
          this.log.error(
            { err: (err as Error).message },
            'the email change mail could not be sent',
          ),
        );
  }

  /** Follows the link mailed to a new address: the account takes it (once, before it expires). */
  async confirmEmail(org: OrganisationRecord, token: string): Promise<void> {
    const change = await findEmailChange(this.db, org.id, hashToken(token));
    if (!change || change.usedAt || change.expiresAt <= now()) throw invalid('emailLinkInvalid');
    await this.refuseTakenEmail(org.id, change.userId, change.newEmail);
    try {
      await inTransaction(this.db, async (tx) => {
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

  async account(org: OrganisationRecord, userId: string, locale: string): Promise<AccountView> {
    const user = await findUser(this.db, org.id, userId);
    if (!user) throw unauthenticated('sessionEnded');
    const groups = await membershipsOf(this.db, org.id, userId);
    return presentAccount(
      user,
      groups.map((g) => ({
        _id: g.groupId,
        name: localise(g.group.name, locale),
        isAdmin: g.role === 'admin',
        parentId: g.parentId,
      })),
    );
  }

  async update(
    org: OrganisationRecord,
    userId: string,
    change: AccountUpdate,
    locale: string,
  ): Promise<AccountView> {
    const set: ProfileChange = {};
    if (change.name?.first !== undefined) set.first_name = change.name.first;
    if (change.name?.last !== undefined) set.last_name = change.name.last;
    if (change.phone !== undefined) set.phone = change.phone;
    if (change.company !== undefined) set.company = change.company;
    if (change.employeeId !== undefined) set.employee_id = change.employeeId;
    if (Object.keys(set).length) await updateUser(this.db, org.id, userId, set, now());
    return this.account(org, userId, locale);
  }

  /** Sets the profile picture to an image this learner uploaded; the previous one is deleted. */
  async setProfilePicture(
    org: OrganisationRecord,
    userId: string,
    file: UploadedFile,
  ): Promise<UploadedFile> {
    const upload = await findOwnUpload(this.db, org.id, userId, file.public_id);
    if (!upload) throw notFound('noSuchUpload', { public_id: 'notAnUpload' });
    if (!upload.contentType.startsWith('image/'))
      throw invalid('profilePictureImage', { file: 'mustBeImage' });
    const picture: UploadedFile = {
      secure_url: upload.url,
      original_filename: upload.originalFilename,
      public_id: upload.publicId,
    };
    await this.removeProfilePicture(org, userId, picture.public_id);
    await updateUser(this.db, org.id, userId, { profile_picture: JSON.stringify(picture) }, now());
    return picture;
  }

  /** Clears the profile picture and deletes its file, unless it is `keep`. */
  async removeProfilePicture(
    org: OrganisationRecord,
    userId: string,
    keep?: string,
  ): Promise<void> {
    const user = await findUser(this.db, org.id, userId);
    if (!user?.profile_picture) return;
    const old = JSON.parse(user.profile_picture) as UploadedFile;
    await updateUser(this.db, org.id, userId, { profile_picture: null }, now());
    if (old.public_id === keep) return;
    const upload = await findOwnUpload(this.db, org.id, userId, old.public_id);
    if (!upload) return;
    await this.storage.remove(upload.storageKey);
    await deleteUpload(this.db, old.public_id);
  }
}

export function presentAccount(user: UserRow, userGroups: AccountView['userGroups']): AccountView {
  const picture = user.profile_picture
    ? (JSON.parse(user.profile_picture) as UploadedFile)
    : undefined;
  return {
    user: {
      id: { email: user.email, username: user.username, isOAuthUser: user.oauth_group_id !== null },
    },
    userGroups,
    name: {
      first: user.first_name,
      last: user.last_name,
      full: [user.first_name, user.last_name].filter(Boolean).join(' '),
    },
    phone: user.phone,
    company: user.company,
    employeeId: user.employee_id,
    ...(picture && { profilePicture: { secure_url: picture.secure_url } }),
  };
}
