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
      queries: { retry: false },
      mutations: { retry: false },
    },
  });
}
