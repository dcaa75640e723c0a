import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AccountView } from '@portal/domain';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import {
  SessionContext,
  VISITOR_SESSION,
  type SessionContextValue,
} from '../app/session/session-context';
import { renderWithOrganisation } from './render';

type Options = Parameters<typeof renderWithOrganisation>[1] & {
  session?: Partial<SessionContextValue>;
};

/** renderWithOrganisation, with a session (a visitor unless told) and a query client. */
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
      <SessionContext.Provider value={value}>{ui}</SessionContext.Provider>
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
    return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithOrganisation(
    <QueryClientProvider client={queryClient}>
      <LiveSession>{ui}</LiveSession>
    </QueryClientProvider>,
    options,
  );
  return { ...view, setAccount };
}
