import type { AccountView, UploadedFile } from '@portal/domain';
import type { UserRow } from '../db/repositories/accounts';
import { parseRoles } from '../db/repositories/roles';

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
    roles: parseRoles(user.roles),
  };
}
