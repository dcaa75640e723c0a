import { localise, type AccountUpdate, type AccountView, type UploadedFile } from '@portal/domain';
import { findUser, updateUser, type ProfileChange } from '../../db/repositories/accounts';
import { membershipsOf } from '../../db/repositories/memberships';
import type { OrganisationRecord } from '../../db/repositories/organisations';
import { deleteUpload, findOwnUpload } from '../../db/repositories/uploads';
import { presentAccount } from '../../presenters/account';
import { invalid, notFound, unauthenticated } from '../errors';
import { now, type AccountContext } from './context';

export async function account(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  locale: string,
): Promise<AccountView> {
  const user = await findUser(ctx.db, org.id, userId);
  if (!user) throw unauthenticated('sessionEnded');
  const groups = await membershipsOf(ctx.db, org.id, userId);
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

export async function update(
  ctx: AccountContext,
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
  if (Object.keys(set).length) await updateUser(ctx.db, org.id, userId, set, now());
  return account(ctx, org, userId, locale);
}

/** Sets the profile picture to an image this learner uploaded; the previous one is deleted. */
export async function setProfilePicture(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  file: UploadedFile,
): Promise<UploadedFile> {
  const upload = await findOwnUpload(ctx.db, org.id, userId, file.public_id);
  if (!upload) throw notFound('noSuchUpload', { public_id: 'notAnUpload' });
  if (!upload.contentType.startsWith('image/'))
    throw invalid('profilePictureImage', { file: 'mustBeImage' });
  const picture: UploadedFile = {
    secure_url: upload.url,
    original_filename: upload.originalFilename,
    public_id: upload.publicId,
  };
  await removeProfilePicture(ctx, org, userId, picture.public_id);
  await updateUser(ctx.db, org.id, userId, { profile_picture: JSON.stringify(picture) }, now());
  return picture;
}

/** Clears the profile picture and deletes its file, unless it is `keep`. */
export async function removeProfilePicture(
  ctx: AccountContext,
  org: OrganisationRecord,
  userId: string,
  keep?: string,
): Promise<void> {
  const user = await findUser(ctx.db, org.id, userId);
  if (!user?.profile_picture) return;
  const old = JSON.parse(user.profile_picture) as UploadedFile;
  await updateUser(ctx.db, org.id, userId, { profile_picture: null }, now());
  if (old.public_id === keep) return;
  const upload = await findOwnUpload(ctx.db, org.id, userId, old.public_id);
  if (!upload) return;
  await ctx.storage.remove(upload.storageKey);
  await deleteUpload(ctx.db, old.public_id);
}
