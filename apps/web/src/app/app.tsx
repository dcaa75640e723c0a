import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes';
import { OrganisationGate } from './start/organisation-gate';

/** Providers, then the organisation gate, then the routes. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <OrganisationGate>
          <AppRoutes />
        </OrganisationGate>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
