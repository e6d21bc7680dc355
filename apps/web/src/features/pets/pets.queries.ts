import { queryOptions } from '@tanstack/react-query';
import { breedListResponseSchema, type Species } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

/** GET /v1/breeds?species=: reference data, so it stays fresh for the session. */
export function breedsQueryOptions(species: Species) {
  return queryOptions({
    queryKey: ['breeds', 'list', species] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/breeds', { query: { species }, schema: breedListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
