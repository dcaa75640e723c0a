import type { AccountView } from './api/account';

// Type-only (erased when built): this module stays free of zod for the web app's first page.
export type { AccountView } from './api/account';

/** First letter of the full name, else of the username, for the avatar (docs/product-spec.md §2). */
export function avatarInitial(account: Pick<AccountView, 'name' | 'user'>): string {
  const source = account.name.full.trim() || account.user.id.username;
  return (source[0] ?? '?').toUpperCase();
}

export const IDLE_TIMEOUT_MS = 1_800_000;
