import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../storage';

/**
 * The sign-in token, kept in localStorage as "token". The API client reads it from there on
 * every call; this store is what React renders from, so a sign-in can put the token in
 * storage, load what the new viewer sees, and only then switch the screens over.
 */
export interface TokenStore {
  get(): string | null;
  /** Stores `token` (null removes it) and tells every subscriber. */
  set(token: string | null): void;
  /** Takes over a change made by another tab. */
  sync(): void;
  subscribe(listener: () => void): () => void;
}

export function createTokenStore(): TokenStore {
  let token = readStored(STORAGE_KEYS.token);
  const listeners = new Set<() => void>();
  const update = (next: string | null) => {
    if (next === token) return;
    token = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => token,
    set(next) {
      if (next) writeStored(STORAGE_KEYS.token, next);
      else removeStored(STORAGE_KEYS.token);
      update(next);
    },
    sync: () => update(readStored(STORAGE_KEYS.token)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** FNV-1a: a short, stable fingerprint, so query keys tell viewers apart without the secret. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Who is looking, for query keys: what the API answers (private topics, bundles owned, the
 * account, the workbook) depends on it, so each viewer has its own cache entries.
 */
export function viewerKey(token: string | null): string {
  return token ? `member:${fingerprint(token)}` : 'visitor';
}
