/** Keys the app keeps in localStorage (docs/product-spec.md §3, "Kept in the browser"). */
export const STORAGE_KEYS = {
  locale: 'locale',
  token: 'token',
  oAuthOriginUrl: 'oAuthOriginUrl',
  oAuthUserGroupId: 'oAuthUserGroupId',
  /** A seat invitation given to /sso (`?inviteId`), sent along when the callback completes. */
  oAuthInviteId: 'oAuthInviteId',
  /** The group whose single sign-on the signed-in learner is linking (`/sso?oauth=…&link=1`). */
  oAuthLinkGroupId: 'oAuthLinkGroupId',
  /** A visitor's workbook (a Workbook as JSON), saved to the account made at sign-up. */
  anonymousWorkbook: 'anonymousWorkbook',
  /** The learner's answer to the Google Analytics question, per organisation alias (JSON). */
  analyticsConsent: 'analyticsConsent',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, disabled cookies): the app must still run without it.
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the choice still holds for this visit.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
