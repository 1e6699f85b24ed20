import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api.ts';
import { notifyError } from '../lib/errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the screen shows the failure itself, so no toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Every failed query or mutation is reported once, here, by the one error module. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Only a lost connection is worth one more try; a 4xx or 5xx answer will not change.
        retry: (count, error) => count < 1 && isApiError(error) && error.status === null,
      },
      mutations: { retry: false },
    },
  });
}
