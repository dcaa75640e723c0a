import type { AccountView } from '@portal/domain';
import { emptyWorkbook } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { accountKeys, accountQuery } from '../../lib/api/account';
import { logout } from '../../lib/api/auth';
import { bundlesQuery } from '../../lib/api/bundles';
import { isApiError } from '../../lib/api/client';
import { organisationQuery, requestedLocale } from '../../lib/api/organisation';
import {
  readAnonymousWorkbook,
  saveWorkbook,
  workbookKeys,
  workbookQuery,
} from '../../lib/api/workbook';
import { flashState } from '../../lib/flash';
import { useOrganisation } from '../../lib/organisation';
import { flushPendingSaves } from '../../lib/pending-saves';
import {
  SessionContext,
  type SessionContextValue,
  type SignInOptions,
  type SignOutOptions,
} from '../../lib/session/session-context';
import { useSessionToken } from '../../lib/session/session-token';
import { viewerKey } from '../../lib/session/token-store';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { ErrorScreen } from '../start/error-screen';
import { genericSupportEmail } from '../start/support-email';
import { AuthDialogHost, useAuthDialogState } from './auth-dialog-host';
import { useIdleTimeout } from './idle-timer';
import { historyPath, useResumeFromHistory } from './resume-from-history';

function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * The signed-in learner (lib/session says what the rest of the app sees): app start, login,
 * signup, logout and the idle timeout.
 *
 * With a stored token the account and workbook load before the app shows (a spinner meanwhile);
 * a 4xx answer then means the token is no good: it is dropped and the visitor simply sees the
 * app signed out. Without a token the workbook is the visitor's (kept in the browser) or a new
 * one. Once the workbook is there, a start on "/" resumes where the learner left off.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { org, locale } = useOrganisation();
  const { store, token, viewer } = useSessionToken();
  const alias = org.alias;

  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });

  const accountResult = useQuery({
    ...accountQuery(alias, viewer, locale),
    enabled: token !== null,
    // A change of locale keeps showing the account while it reloads; another viewer never does.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === viewer ? previous : undefined,
  });
  const workbookResult = useQuery({
    ...workbookQuery(alias, viewer),
    initialData:
      viewer === 'visitor' ? () => readAnonymousWorkbook() ?? emptyWorkbook() : undefined,
  });

  const account = token ? (accountResult.data ?? null) : null;
  const workbook = workbookResult.data;
  const loadError = token ? (accountResult.error ?? workbookResult.error) : null;
  const isTokenRefused = isClientError(loadError);

  /**
   * Stores `next` (null: none) for the API client, loads what that viewer sees, and only then
   * switches the app over, so no screen shows a mix of two viewers.
   */
  const switchViewer = useCallback(
    async (next: string | null, options: SignInOptions = {}) => {
      if (next) writeStored(STORAGE_KEYS.token, next);
      else removeStored(STORAGE_KEYS.token);
      const nextViewer = viewerKey(next);
      if (!next) {
        // The workbook resets to the visitor's own, kept in the browser, or a new one.
        const visitorWorkbook = readAnonymousWorkbook() ?? emptyWorkbook();
        queryClient.setQueryData(workbookKeys.detail(alias, nextViewer), visitorWorkbook);
      }
      const requested = requestedLocale();
      const reload = { staleTime: 0 };
      await Promise.all([
        queryClient.fetchQuery({ ...organisationQuery(alias, requested, nextViewer), ...reload }),
        queryClient.fetchQuery({ ...bundlesQuery(alias, requested, nextViewer), ...reload }),
        next && queryClient.fetchQuery({ ...accountQuery(alias, nextViewer, locale), ...reload }),
      ]);
      if (next) {
        const anonymous = options.saveAnonymousWorkbook ? readAnonymousWorkbook() : null;
        if (anonymous) {
          // The account exists by now: a failed save keeps the visitor's work in the browser
          // rather than failing the signup.
          await saveWorkbook(alias, anonymous).then(
            () => removeStored(STORAGE_KEYS.anonymousWorkbook),
            (error: unknown) => console.warn('The visitor workbook was not saved', error),
          );
        }
        await queryClient.fetchQuery({ ...workbookQuery(alias, nextViewer), ...reload });
      }
      store.set(next);
    },
    [queryClient, alias, locale, store],
  );

  const signIn = useCallback(
    async (next: string, options?: SignInOptions) => {
      const previousViewer = viewerKey(store.get());
      try {
        await switchViewer(next, options);
      } catch (error) {
        // Back to where we were: the screens never switched.
        const previous = store.get();
        if (previous) writeStored(STORAGE_KEYS.token, previous);
        else removeStored(STORAGE_KEYS.token);
        throw error;
      }
      forgetViewer(queryClient, previousViewer);
    },
    [queryClient, store, switchViewer],
  );

  const accountRef = useRef(account);
  useEffect(() => {
    accountRef.current = account;
  });
  const isSigningOut = useRef(false);
  const signOut = useCallback(
    async (options: SignOutOptions = {}) => {
      if (isSigningOut.current || !store.get()) return;
      isSigningOut.current = true;
      const previousViewer = viewerKey(store.get());
      const isOAuthUser = accountRef.current?.user.id.isOAuthUser ?? false;
      try {
        // An erased account has nothing left to save, and its token went with it.
        if (!options.erased) {
          // The learner's last answers reach the server while the token still works.
          await flushPendingSaves();
          // Revokes the token on the server; signing out here goes on whatever it answers.
          await logout(alias).catch(() => undefined);
        }
        removeStored(STORAGE_KEYS.anonymousWorkbook);
        await switchViewer(null).catch(() => {
          // The visitor's organisation then loads under its own key, as on any start.
          store.set(null);
        });
        const groupId = readStored(STORAGE_KEYS.oAuthUserGroupId);
        const target = options.erased
          ? '/signin'
          : options.idle
            ? '/signin?timeout=1'
            : isOAuthUser && groupId
              ? `/sso?oauth=${encodeURIComponent(groupId)}`
              : '/signin';
        // After an erasure /signin says so (once: the router's state, not the address).
        navigateRef.current(target, options.erased ? { state: flashState('erased') } : undefined);
        forgetViewer(queryClient, previousViewer);
      } finally {
        isSigningOut.current = false;
      }
    },
    [alias, queryClient, store, switchViewer],
  );

  // A refused token at start (or later) is not an error to show: the learner is just signed out.
  useEffect(() => {
    if (!isTokenRefused) return;
    const previousViewer = viewerKey(store.get());
    void switchViewer(null)
      .catch(() => store.set(null))
      .then(() => forgetViewer(queryClient, previousViewer));
  }, [isTokenRefused, switchViewer, store, queryClient]);

  const setAccount = useCallback(
    (next: AccountView) => {
      queryClient.setQueryData(accountKeys.detail(alias, viewer, locale), next);
    },
    [queryClient, alias, viewer, locale],
  );

  useIdleTimeout(account !== null, () => void signOut({ idle: true }));
  useResumeFromHistory(workbook ? historyPath(workbook) : undefined, navigateRef);

  const dialog = useAuthDialogState();
  const value = useMemo<SessionContextValue>(
    () => ({
      account,
      isSignedIn: account !== null,
      signIn,
      signOut,
      setAccount,
      openAuthDialog: dialog.open,
      preloadAuthDialog: dialog.preload,
    }),
    [account, signIn, signOut, setAccount, dialog.open, dialog.preload],
  );

  const retry = useCallback(() => {
    void accountResult.refetch();
    void workbookResult.refetch();
  }, [accountResult, workbookResult]);

  if (token && isTokenRefused) return <LoadingScreen />;
  if (token && loadError && !(accountResult.data && workbook)) {
    if (accountResult.isFetching || workbookResult.isFetching) return <LoadingScreen />;
    return <ErrorScreen supportEmail={org.supportEmail ?? genericSupportEmail()} onRetry={retry} />;
  }
  if (token && !(accountResult.data && workbook)) return <LoadingScreen />;

  return (
    <SessionContext.Provider value={value}>
      {children}
      <AuthDialogHost state={dialog} />
    </SessionContext.Provider>
  );
}

/** Drops what a viewer who is gone had loaded (account, workbook, scores…), once unobserved. */
function forgetViewer(queryClient: ReturnType<typeof useQueryClient>, viewer: string): void {
  if (viewer === 'visitor') return;
  setTimeout(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(viewer) });
  }, 0);
}
