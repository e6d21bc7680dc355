import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  breedListResponseSchema,
  type Species,
  type VitalsRange,
  vitalsResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** GET /v1/breeds?species=: reference data, so it stays fresh for the session. */
export function breedsQueryOptions(species: Species) {
  return queryOptions({
    queryKey: ['breeds', 'list', species] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/breeds', { query: { species }, schema: breedListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /v1/pets/{id}/vitals: a new range keeps the previous charts on screen (dimmed) until its own arrive. */
export function petVitalsQueryOptions(uuid: string, range: VitalsRange) {
  return queryOptions({
    queryKey: [...petKeys.vitals(uuid), range] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${uuid}/vitals`, { query: { range }, schema: vitalsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
