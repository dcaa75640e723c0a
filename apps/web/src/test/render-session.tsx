import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AccountView } from '@portal/domain';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import { MessagesPanelProvider } from '../lib/messages-panel';
import { SessionContext, type SessionContextValue } from '../lib/session/session-context';
import { SessionTokenProvider } from '../lib/session/session-token';
import { renderWithOrganisation } from './render';

const noop = () => {};

/** A visitor's session that does nothing: tests override what they need. */
export const VISITOR_SESSION: SessionContextValue = {
  account: null,
  isSignedIn: false,
  signIn: () => Promise.reject(new Error('No sign-in in this test')),
  signOut: () => Promise.resolve(),
  setAccount: noop,
  openAuthDialog: noop,
  preloadAuthDialog: noop,
};

type Options = Parameters<typeof renderWithOrganisation>[1] & {
  session?: Partial<SessionContextValue>;
};

/**
 * renderWithOrganisation, with a session (a visitor unless told), the sign-in token (whatever
 * localStorage holds) and a query client.
 */
export function renderWithSession(ui: ReactElement, options: Options = {}) {
  const { session, ...rest } = options;
  const value: SessionContextValue = {
    ...VISITOR_SESSION,
    ...session,
    isSignedIn: Boolean(session?.account),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithOrganisation(
    <QueryClientProvider client={queryClient}>
      <SessionTokenProvider>
        <SessionContext.Provider value={value}>
          <MessagesPanelProvider>{ui}</MessagesPanelProvider>
        </SessionContext.Provider>
      </SessionTokenProvider>
    </QueryClientProvider>,
    rest,
  );
}

/**
 * Like renderWithSession for a signed-in learner whose account changes as in the app:
 * `setAccount` (spied) updates what every part below sees.
 */
export function renderWithAccount(
  ui: ReactElement,
  account: AccountView,
  options: Parameters<typeof renderWithOrganisation>[1] = {},
) {
  const setAccount = vi.fn();
  function LiveSession({ children }: { children: ReactNode }) {
    const [current, setCurrent] = useState(account);
    const value = useMemo<SessionContextValue>(
      () => ({
        ...VISITOR_SESSION,
        account: current,
        isSignedIn: true,
        setAccount: (next) => {
          setAccount(next);
          setCurrent(next);
        },
      }),
      [current],
    );
    return (
      <SessionContext.Provider value={value}>
        <MessagesPanelProvider>{children}</MessagesPanelProvider>
      </SessionContext.Provider>
    );
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithOrganisation(
    <QueryClientProvider client={queryClient}>
      <SessionTokenProvider>
        <LiveSession>{ui}</LiveSession>
      </SessionTokenProvider>
    </QueryClientProvider>,
    options,
  );
  return { ...view, setAccount };
}
