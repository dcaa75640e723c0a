import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SessionTokenProvider } from '../lib/session/session-token';
import { AppRoutes } from './routes';
import { SessionProvider } from './session/session-provider';
import { OrganisationGate } from './start/organisation-gate';

/** Providers, the sign-in token, the organisation gate, the session, then the routes. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionTokenProvider>
          <OrganisationGate>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </OrganisationGate>
        </SessionTokenProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
