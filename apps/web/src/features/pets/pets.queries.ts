import { queryOptions } from '@tanstack/react-query';
import {
  breedListResponseSchema,
  healthProfileResponseSchema,
  petResponseSchema,
  type Species,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

export const petKeys = {
  all: ['pets'] as const,
  detail: (uuid: string) => [...petKeys.all, 'detail', uuid] as const,
  healthProfile: (uuid: string) => [...petKeys.all, 'health-profile', uuid] as const,
};

/** GET /v1/pets/{id}: `petProfile` and `ownerHomeLocation` (SPEC §7 "Pets"). */
export function petQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: petKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(`/v1/pets/${uuid}`, { schema: petResponseSchema, signal }),
    // The route turns a failure into the 404 or error page, which says it better than a toast.
    meta: { handlesErrors: true },
  });
}

/** GET /v1/pets/{id}/health-profile */
export function petHealthProfileQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: petKeys.healthProfile(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${uuid}/health-profile`, { schema: healthProfileResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}

/** GET /v1/breeds?species=: reference data, so it stays fresh for the session. */
export function breedsQueryOptions(species: Species) {
  return queryOptions({
    queryKey: ['breeds', 'list', species] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/breeds', { query: { species }, schema: breedListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
