import type { AccountView } from '@portal/domain';
import { createContext, useContext } from 'react';

/** The three faces of the auth dialog (spec §2): sign up is the default. */
export type AuthMode = 'signup' | 'login' | 'forgot';

export interface SignInOptions {
  /** Signup (spec §4): the visitor's workbook kept in the browser is saved to the new account. */
  saveAnonymousWorkbook?: boolean;
}

export interface SignOutOptions {
  /** The idle timeout logged the learner out: /signin says so (spec §4). */
  idle?: boolean;
}

export interface AuthDialogOptions {
  /** Runs once the learner is signed in through the dialog (a purchase waiting on it, say). */
  onSignedIn?: () => void;
}

export interface SessionContextValue {
  /** The signed-in learner, or null for a visitor. */
  account: AccountView | null;
  isSignedIn: boolean;
  /**
   * Takes over a fresh token (spec §4 login and signup): stores it, reloads the organisation and
   * bundles for the new viewer, loads the account and workbook, and only then switches the app
   * over. Rejects (and forgets the token) when that fails.
   */
  signIn: (token: string, options?: SignInOptions) => Promise<void>;
  /** The logout sequence of spec §4, ending on /signin (or /sso for an OAuth learner). */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** The account as the server answered it after a change (profile edits, picture). */
  setAccount: (account: AccountView) => void;
  openAuthDialog: (mode?: AuthMode, options?: AuthDialogOptions) => void;
  /** Starts loading the dialog's code (on hover or focus of what opens it). */
  preloadAuthDialog: () => void;
}

const noop = () => {};
const rejectSignIn = () => Promise.reject(new Error('No session provider'));

/** A visitor with nothing to do: the value outside the provider (unit tests of one part). */
export const VISITOR_SESSION: SessionContextValue = {
  account: null,
  isSignedIn: false,
  signIn: rejectSignIn,
  signOut: () => Promise.resolve(),
  setAccount: noop,
  openAuthDialog: noop,
  preloadAuthDialog: noop,
};

export const SessionContext = createContext<SessionContextValue>(VISITOR_SESSION);

export function useSession(): SessionContextValue {
  return useContext(SessionContext);
}
