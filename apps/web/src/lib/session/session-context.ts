import type { AccountView } from '@portal/domain';
import { createContext, useContext } from 'react';

/** The three faces of the auth dialog: sign up (the default), log in, forgot password. */
export type AuthMode = 'signup' | 'login' | 'forgot';

export interface SignInOptions {
  /** Signup: the visitor's workbook kept in the browser is saved to the new account. */
  saveAnonymousWorkbook?: boolean;
}

export interface SignOutOptions {
  /** The idle timeout logged the learner out: /signin says so. */
  idle?: boolean;
  /** The account was just erased (its token with it): /signin says so. */
  erased?: boolean;
}

export interface AuthDialogOptions {
  /** Runs once the learner is signed in through the dialog (a purchase waiting on it, say). */
  onSignedIn?: () => void;
}

/**
 * The signed-in learner and what changes who it is. Features read it here; the app provides it
 * (app/session/session-provider.tsx).
 */
export interface SessionContextValue {
  /** The signed-in learner, or null for a visitor. */
  account: AccountView | null;
  isSignedIn: boolean;
  /**
   * Takes over a fresh token (login and signup): stores it, reloads the organisation and
   * bundles for the new viewer, loads the account and workbook, and only then switches the app
   * over. Rejects (and forgets the token) when that fails.
   */
  signIn: (token: string, options?: SignInOptions) => Promise<void>;
  /**
   * Logs out: waits for pending saves, revokes the token, resets the workbook to the visitor's,
   * and ends on /signin (or /sso for a learner of single sign-on; /signin with a notice after
   * an erasure).
   */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** The account as the server answered it after a change (profile edits, picture). */
  setAccount: (account: AccountView) => void;
  openAuthDialog: (mode?: AuthMode, options?: AuthDialogOptions) => void;
  /** Starts loading the dialog's code (on hover or focus of what opens it). */
  preloadAuthDialog: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() must be used below the session provider (app/session)');
  return value;
}
