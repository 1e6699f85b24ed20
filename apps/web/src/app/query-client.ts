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

/** A read that failed for want of a connection while the browser knows it is offline: the offline mark says so. */
const offlineRead = (error: unknown) => isApiError(error) && error.status === null && !navigator.onLine;

/**
 * Every failed query or mutation is reported once, here, by the one error module. Reads are tried
 * offline too (`offlineFirst`): the service worker answers those it keeps (lib/service-worker.js), and
 * the others fail at once, not wait for a connection behind a skeleton. A change tried offline fails
 * at once with "connection lost" rather than hang.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent && !offlineRead(error)) notifyError(error);
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
        networkMode: 'offlineFirst',
        // Only a lost connection is worth one more try, and only online; a 4xx or 5xx answer will not change.
        retry: (count, error) => count < 1 && isApiError(error) && error.status === null && navigator.onLine,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
