import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createTokenStore, viewerKey, type TokenStore } from './token-store';

interface SessionTokenValue {
  store: TokenStore;
  token: string | null;
  /** The viewer part of every query key whose answer depends on who is signed in. */
  viewer: string;
}

const SessionTokenContext = createContext<SessionTokenValue | null>(null);

/**
 * Holds the sign-in token above the organisation gate, because the organisation itself is
 * answered per viewer (private topics appear for members). Another tab signing in or out is
 * followed here.
 */
export function SessionTokenProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createTokenStore);
  const token = useSyncExternalStore(store.subscribe, store.get, store.get);

  useEffect(() => {
    function handleStorage(event: StorageEvent) {
      if (event.key === 'token' || event.key === null) store.sync();
    }
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [store]);

  const value = useMemo(() => ({ store, token, viewer: viewerKey(token) }), [store, token]);
  return <SessionTokenContext.Provider value={value}>{children}</SessionTokenContext.Provider>;
}

/** The token and viewer key (SessionTokenProvider, at the top of the app). */
export function useSessionToken(): SessionTokenValue {
  const value = useContext(SessionTokenContext);
  if (!value) throw new Error('useSessionToken() must be used below SessionTokenProvider');
  return value;
}
