import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PetResponse } from '@vetboard/contract';
import { orNotFound } from '../routing/not-found.ts';
import { petQueryOptions } from './pets.queries.ts';

export type LoadCause = 'enter' | 'stay' | 'preload';

/** Starts one read into the cache; what a pet page's loader gives back for each read it needs. */
export type Prefetch = <TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, Error, TData, TKey>,
) => Promise<void>;

export interface PetPageReads<TDeps> {
  uuid: string;
  pet: PetResponse;
  /** The owner's home zone: every date a pet page shows or asks for is on the pet's wall clock. */
  timezone: string;
  /** The route's `loaderDeps` (its validated search). */
  deps: TDeps;
  prefetch: Prefetch;
}

export interface PetPageLoaderContext<TDeps> {
  context: { queryClient: QueryClient };
  params: { uuid: string };
  deps: TDeps;
  cause: LoadCause;
}

/**
 * Entering a page waits for its reads (the route's pending state covers them); a change made on the
 * page itself (scope, period, page) does not, so what is shown stays, dimmed, until the new data
 * arrives. Failures are not thrown: each panel shows its own error.
 */
export async function settlePrefetches(
  cause: LoadCause,
  prefetches: readonly Promise<void>[],
): Promise<void> {
  const all = Promise.all(prefetches);
  if (cause !== 'stay') await all;
}

/**
 * The loader of a page under `/pets/$uuid`: the pet itself first (an unknown pet is the 404 page), then
 * the page's own reads, given the pet, its timezone and the route's search. Returns `{ timezone }` for
 * the page. The reads go through the query cache with the same options the page's components use, so
 * a page shown right after its loader asks the API for nothing again.
 */
export function petPageLoader<TDeps = unknown>(
  reads: (page: PetPageReads<TDeps>) => readonly Promise<void>[],
) {
  return async ({
    context: { queryClient },
    params: { uuid },
    deps,
    cause,
  }: PetPageLoaderContext<TDeps>): Promise<{ timezone: string }> => {
    const pet = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    const { timezone } = pet.ownerHomeLocation;
    const prefetch: Prefetch = (options) => queryClient.prefetchQuery(options);
    await settlePrefetches(cause, reads({ uuid, pet, timezone, deps, prefetch }));
    return { timezone };
  };
}
