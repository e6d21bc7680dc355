import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A list route's loader. Entering the page waits for the first page of rows (the route's pending state
 * covers it); a change of page, sort or filter on the page itself does not, so the table stays and
 * keeps the previous rows until the new ones arrive. Failures are not thrown: the list shows its own
 * error state with a retry, and the shared client has already told the vet.
 */
export async function loadList<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  const pending = queryClient.prefetchQuery(options);
  if (cause !== 'stay') await pending;
}
