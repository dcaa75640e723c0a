import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SessionTokenProvider } from '../lib/session/session-token';
import { ServerPageContext, type ServerPage } from '../lib/server-page';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/session-provider';
import { OrganisationGate } from './start/organisation-gate';

interface AppProps {
  queryClient: QueryClient;
  /** The page's origin and the server's phone guess (lib/server-page.ts). */
  page?: ServerPage;
}

/**
 * Providers, the sign-in token, the organisation gate, the session, then the routes, inside
 * `router`: the browser's history in the browser, a fixed address on the server (entry-server).
 */
export function AppTree({
  queryClient,
  page,
  router,
}: Required<AppProps> & { router: (children: ReactNode) => ReactNode }) {
  return (
    <ServerPageContext.Provider value={page}>
      <AppContent queryClient={queryClient} router={router} />
    </ServerPageContext.Provider>
  );
}

/**
 * Everything under the server page's context, memoised: when the browser takes a drawn page
 * over, only what reads that context renders again, not the whole page (one long task less on a
 * phone, issue 14).
 */
const AppContent = memo(function AppContent({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: (children: ReactNode) => ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {router(
        <SessionTokenProvider>
          <OrganisationGate>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </OrganisationGate>
        </SessionTokenProvider>,
      )}
    </QueryClientProvider>
  );
});

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/**
 * The app in the browser. Once React has taken the page over (a page drawn on the server has
 * hydrated: its buttons work), `<html data-app-ready>` says so, for tests and tools.
 */
export function App({
  queryClient,
  page = { origin: window.location.origin, isPhone: false, isDrawnOnServer: false },
}: AppProps) {
  // False while hydrating (React reads the server's answer), true from the render after: a
  // transition, so that the few screens that read it render again in slices, not in one task.
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    startTransition(() => setIsHydrated(true));
  }, []);
  const current = useMemo(
    () => ({ ...page, isDrawnOnServer: page.isDrawnOnServer && !isHydrated }),
    [page, isHydrated],
  );
  return <AppTree queryClient={queryClient} page={current} router={browserRouter} />;
}
