import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isClientError, isNetworkError } from '../lib/api-error.ts';
import { notifyApiError } from '../lib/notify-api-error.ts';

declare module '@tanstack/react-query' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    /** `silentErrors`: the caller shows the failure itself (e.g. the login form's wrong password). */
    queryMeta: { silentErrors?: boolean };
    mutationMeta: { silentErrors?: boolean };
  }
}

const backoff = (cap: number) => (attempt: number) => Math.min(1000 * 2 ** attempt, cap);

/** Spec §7: fresh 5 min, kept 10 min, no refetch on focus; queries retry 3 times except on 4xx
 * (1 s doubling, capped at 30 s); mutations retry twice on network errors only (capped at 10 s). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Spec §8: every failed call gets its toast (404 stays silent), once retries are spent.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentErrors) notifyApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentErrors) notifyApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchOnMount: true,
        retry: (failures, error) => !isClientError(error) && failures < 3,
        retryDelay: backoff(30_000),
      },
      mutations: {
        // TanStack's default ('online') parks a mutation while the browser says it is offline: the
        // form would stay on "Adding…" with no word. Send it anyway, so it fails and says why.
        networkMode: 'always',
        retry: (failures, error) => isNetworkError(error) && failures < 2,
        retryDelay: backoff(10_000),
      },
    },
  });
}
