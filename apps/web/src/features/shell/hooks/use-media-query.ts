import { useCallback, useSyncExternalStore } from 'react';
import { useServerPage } from '../../../lib/server-page';

/**
 * The width below which the header folds its navigation into one Menu button (the styles'
 * `@media (max-width: 40rem)` in styles/header.css says the same).
 */
export const PHONE_QUERY = '(max-width: 40rem)';

/**
 * Whether the media query matches, kept up to date; false where the browser cannot tell. On the
 * server and while the page hydrates, the server's guess for PHONE_QUERY (lib/server-page.ts).
 */
export function useMediaQuery(query: string): boolean {
  const isPhoneGuess = useServerPage().isPhone;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => query === PHONE_QUERY && isPhoneGuess,
  );
}
