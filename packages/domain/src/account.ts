/** The signed-in learner as the API answers it (spec §3), and what the header shows of them. */
export interface AccountView {
  user: { id: { email: string; username: string; isOAuthUser: boolean } };
  userGroups: { _id: string; name: string; isAdmin: boolean }[];
  name: { first: string; last: string; full: string };
  phone: string;
  company: string;
  employeeId: string;
  profilePicture?: { secure_url: string };
}

/** First letter of the full name, else of the username, for the avatar (spec §2). */
export function avatarInitial(account: Pick<AccountView, 'name' | 'user'>): string {
  const source = account.name.full.trim() || account.user.id.username;
  return (source[0] ?? '?').toUpperCase();
}

export const IDLE_TIMEOUT_MS = 1_800_000;
