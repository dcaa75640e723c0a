import { randomUUID } from 'node:crypto';
import {
  localise,
  type AccountUpdate,
  type AccountView,
  type LoginBody,
  type SignupBody,
  type UploadedFile,
  type UserGroup,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../adapters/mail/mailer';
import type { FileStorage } from '../adapters/storage/storage';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { passwordResetMail } from './mail-templates';
import type { OrganisationRecord } from './organisation-service';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionService } from './session-service';
import { hashToken, newToken } from './tokens';

const RESET_TTL_MS = 3_600_000;
const key = (s: string) => s.trim().toLowerCase();
const now = () => new Date().toISOString();

export const LOGIN_FAILED = 'Incorrect username, email or password';
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Ask for a new one.';

/** An error whose body carries the SSO group to sign in with (spec §4, design §11). */
export class OAuthRequiredError extends HttpError {
  constructor(readonly oAuthGroupId: string) {
    super(400, 'This account signs in with your organisation’s single sign-on.', undefined, {
      oAuthGroupId,
    });
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

export class AccountService {
  /** A real argon2id hash, verified when no account matches, so both cases take as long. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  private findByLogin(orgId: string, login: string) {
    const k = key(login);
    return this.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('username_key', '=', k), eb('email_key', '=', k)]))
      .executeTakeFirst();
  }

  async login(
    org: OrganisationRecord,
    body: LoginBody,
  ): Promise<{ token: string; userId: string }> {
    const user = await this.findByLogin(org.id, body.username);
    if (!user) {
      this.dummyHash ??= hashPassword(randomUUID());
      await verifyPassword(await this.dummyHash, body.password);
      throw new HttpError(401, LOGIN_FAILED);
    }
    if (user.oauth_group_id) throw new OAuthRequiredError(user.oauth_group_id);
    if (!(await verifyPassword(user.password_hash, body.password)))
      throw new HttpError(401, LOGIN_FAILED);
    return { token: await this.sessions.create(user.id, org.id), userId: user.id };
  }

  async signup(
    org: OrganisationRecord,
    body: SignupBody,
  ): Promise<{ token: string; userId: string }> {
    const invite = body.inviteId
      ? await this.usableInvite(org.id, body.inviteId, body.email)
      : undefined;
    if (body.inviteId && !invite)
      throw new HttpError(400, 'This invitation is not valid or has already been used.', {
        inviteId: 'is not valid',
      });
    if (org.settings.disableSelfSignup && !invite)
      throw new HttpError(403, 'Sign up is by invitation only for this organisation.');

    const taken = await this.db.kysely
      .selectFrom('users')
      .select(['username_key', 'email_key'])
      .where('org_id', '=', org.id)
      .where((eb) =>
        eb.or([eb('username_key', '=', key(body.username)), eb('email_key', '=', key(body.email))]),
      )
      .execute();
    const errfor: Record<string, string> = {};
    if (taken.some((t) => t.username_key === key(body.username)))
      errfor.username = 'is already taken';
    if (taken.some((t) => t.email_key === key(body.email))) errfor.email = 'already has an account';
    if (Object.keys(errfor).length)
      throw new HttpError(
        400,
        errfor.username ? 'That username is already taken.' : 'That email already has an account.',
        errfor,
      );

    const id = randomUUID();
    const passwordHash = await hashPassword(body.password);
    const stamp = now();
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id,
            org_id: org.id,
            username: body.username,
            username_key: key(body.username),
            email: body.email,
            email_key: key(body.email),
            password_hash: passwordHash,
            first_name: body.first ?? '',
            last_name: body.last ?? '',
            from_pack: 0,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
        if (invite) {
          const claimed = await trx
            .updateTable('invites')
            .set({ used_by: id, used_at: stamp })
            .where('id', '=', invite.id)
            .where('used_by', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1)
            throw new HttpError(400, 'This invitation has already been used.', {
              inviteId: 'has been used',
            });
          await trx
            .insertInto('user_group_members')
            .values({ org_id: org.id, group_id: invite.group_id, user_id: id, role: 'member' })
            .execute();
        }
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new HttpError(400, 'That username or email already has an account.', {
          username: 'is already taken',
        });
      throw err;
    }
    return { token: await this.sessions.create(id, org.id), userId: id };
  }

  private usableInvite(orgId: string, inviteId: string, email: string) {
    return this.db.kysely
      .selectFrom('invites')
      .select(['id', 'group_id'])
      .where('id', '=', inviteId)
      .where('org_id', '=', orgId)
      .where('used_by', 'is', null)
      .where((eb) => eb.or([eb('email_key', 'is', null), eb('email_key', '=', key(email))]))
      .executeTakeFirst();
  }

  /**
   * Sends a reset link when the email has an account, and answers the same either way. The mail
   * goes out after the answer, so the timing does not tell either.
   */
  async forgot(
    org: OrganisationRecord,
    email: string,
    locale: string,
    origin: string,
  ): Promise<void> {
    const user = await this.db.kysely
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'username', 'oauth_group_id'])
      .where('org_id', '=', org.id)
      .where('email_key', '=', key(email))
      .executeTakeFirst();
    if (!user || user.oauth_group_id) return;
    const { token, hash } = newToken();
    const stamp = Date.now();
    await this.db.kysely
      .insertInto('password_resets')
      .values({
        token_hash: hash,
        user_id: user.id,
        org_id: org.id,
        created_at: new Date(stamp).toISOString(),
        expires_at: new Date(stamp + RESET_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
    const link = `${origin}/resetPassword/${encodeURIComponent(user.email)}/${token}`;
    const mail = passwordResetMail(
      org.settings,
      locale,
      { email: user.email, name: user.first_name || user.username },
      link,
    );
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
    const row = await this.db.kysely
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select([
        'password_resets.token_hash',
        'password_resets.user_id',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.email_key',
      ])
      .where('password_resets.token_hash', '=', hashToken(token))
      .where('password_resets.org_id', '=', org.id)
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now() || row.email_key !== key(email))
      throw new HttpError(400, RESET_LINK_INVALID);
    const passwordHash = await hashPassword(password);
    await this.db.kysely.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: now() })
        .where('token_hash', '=', row.token_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new HttpError(400, RESET_LINK_INVALID);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('id', '=', row.user_id)
        .execute();
      // A new password ends every session and every other reset link of the account.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now() })
        .where('user_id', '=', row.user_id)
        .where('used_at', 'is', null)
        .execute();
    });
    await this.sessions.revokeAllOf(row.user_id);
  }

  async account(org: OrganisationRecord, userId: string, locale: string): Promise<AccountView> {
    const user = await this.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    if (!user) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    const groups = await this.db.kysely
      .selectFrom('user_group_members')
      .innerJoin('user_groups', (join) =>
        join
          .onRef('user_groups.id', '=', 'user_group_members.group_id')
          .onRef('user_groups.org_id', '=', 'user_group_members.org_id'),
      )
      .select(['user_groups.id', 'user_groups.data', 'user_group_members.role'])
      .where('user_group_members.user_id', '=', userId)
      .where('user_group_members.org_id', '=', org.id)
      .orderBy('user_groups.position')
      .execute();
    return presentAccount(
      user,
      groups.map((g) => ({
        _id: g.id,
        name: localise((JSON.parse(g.data) as UserGroup).name, locale),
        isAdmin: g.role === 'admin',
      })),
    );
  }

  async update(
    org: OrganisationRecord,
    userId: string,
    change: AccountUpdate,
    locale: string,
  ): Promise<AccountView> {
    const set: Record<string, string> = {};
    if (change.name?.first !== undefined) set.first_name = change.name.first;
    if (change.name?.last !== undefined) set.last_name = change.name.last;
    if (change.phone !== undefined) set.phone = change.phone;
    if (change.company !== undefined) set.company = change.company;
    if (change.employeeId !== undefined) set.employee_id = change.employeeId;
    if (Object.keys(set).length)
      await this.db.kysely
        .updateTable('users')
        .set({ ...set, updated_at: now() })
        .where('id', '=', userId)
        .where('org_id', '=', org.id)
        .execute();
    return this.account(org, userId, locale);
  }

  /** Sets the profile picture to an image this learner uploaded; the previous one is deleted. */
  async setProfilePicture(
    org: OrganisationRecord,
    userId: string,
    file: UploadedFile,
  ): Promise<UploadedFile> {
    const upload = await this.db.kysely
      .selectFrom('uploads')
      .selectAll()
      .where('public_id', '=', file.public_id)
      .where('org_id', '=', org.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!upload)
      throw new HttpError(404, 'No such upload', { public_id: 'is not one of your uploads' });
    if (!upload.content_type.startsWith('image/'))
      throw new HttpError(400, 'The profile picture must be an image.', {
        file: 'must be an image',
      });
    const picture: UploadedFile = {
      secure_url: upload.url,
      original_filename: upload.original_filename,
      public_id: upload.public_id,
    };
    await this.removeProfilePicture(org, userId, picture.public_id);
    await this.db.kysely
      .updateTable('users')
      .set({ profile_picture: JSON.stringify(picture), updated_at: now() })
      .where('id', '=', userId)
      .execute();
    return picture;
  }

  /** Clears the profile picture and deletes its file, unless it is `keep`. */
  async removeProfilePicture(
    org: OrganisationRecord,
    userId: string,
    keep?: string,
  ): Promise<void> {
    const user = await this.db.kysely
      .selectFrom('users')
      .select('profile_picture')
      .where('id', '=', userId)
      .where('org_id', '=', org.id)
      .executeTakeFirst();
    if (!user?.profile_picture) return;
    const old = JSON.parse(user.profile_picture) as UploadedFile;
    await this.db.kysely
      .updateTable('users')
      .set({ profile_picture: null, updated_at: now() })
      .where('id', '=', userId)
      .execute();
    if (old.public_id === keep) return;
    const upload = await this.db.kysely
      .selectFrom('uploads')
      .select('storage_key')
      .where('public_id', '=', old.public_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!upload) return;
    await this.storage.remove(upload.storage_key);
    await this.db.kysely.deleteFrom('uploads').where('public_id', '=', old.public_id).execute();
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
