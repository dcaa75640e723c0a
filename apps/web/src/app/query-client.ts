import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './start/organisation-queries';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
