import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchResponseSchema } from '@vetboard/contract';
import { api } from '../../lib/api/api-client.ts';

/** GET /v1/search?q=: pets, owners and vets, best first. Lives beside the spotlight, which the shell mounts. */
export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/search', { query: { q }, schema: searchResponseSchema, signal }),
    // Keeps the last answer on screen while the next one loads, so the list does not blink per keystroke.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A failure shows inside the spotlight: one line, not a toast per keystroke.
    meta: { handlesErrors: true },
  });
}
