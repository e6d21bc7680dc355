import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyRequestError } from './request-error-toast.ts';

export interface RequestMeta extends Record<string, unknown> {
  /** The caller shows the error itself (inline, or by design not at all), so no toast. */
  handlesErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * How long what was read counts as fresh. A route's loader reads the data its page shows; with no
 * freshness at all the page's components would read it all again on mount (every request twice on a
 * full load), and a hover prefetch would be read again by the click that follows. Changes do not wait
 * for this to pass: mutations and live updates invalidate exactly their keys, which refetches them.
 */
export const DEFAULT_STALE_TIME_MS = 30_000;

export function createQueryClient(
  onUnhandledError: (error: unknown) => void = notifyRequestError,
): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) onUnhandledError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.handlesErrors) onUnhandledError(error);
      },
    }),
    defaultOptions: {
      // The HTTP client already retries what is worth retrying (SPEC §9); retrying here too would multiply it.
      queries: { retry: false, staleTime: DEFAULT_STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
}
