import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { notifyError } from './notices/notifyError';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A screen that carries on without a query's data (a filter panel without its options) names
    // the spec 01 §8 wrapper default in meta.errorNotice, and the failure shows as a notice.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const notice = query.meta?.['errorNotice'];
        if (typeof notice === 'string') notifyError(error, notice);
      },
    }),
    // A failed change always tells the user, unless the screen handles the failure itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.options.onError) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Spec 01 §9: no refetch on window focus.
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again; network and server errors might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < MAX_RETRIES,
      },
    },
  });
}
