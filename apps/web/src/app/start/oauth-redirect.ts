import { STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * Where a page opened with `?oauth=` outside /sso must go (docs/product-spec.md §2): /sso with the same query,
 * so the group id (and an invite id) travel along. Null when no redirect is due.
 */
export function oauthRedirectTarget(url: URL): string | null {
  if (!url.searchParams.has('oauth') || url.pathname === '/sso') return null;
  return `/sso${url.search}`;
}

/** Sends the browser to /sso when due, keeping the original address to return to after sign-in. */
export function redirectOAuthLanding(): void {
  const url = new URL(window.location.href);
  const target = oauthRedirectTarget(url);
  if (!target) return;
  writeStored(STORAGE_KEYS.oAuthOriginUrl, `${url.pathname}${url.search}${url.hash}`);
  window.history.replaceState(null, '', target);
}
