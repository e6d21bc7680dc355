import { queryOptions } from '@tanstack/react-query';
import { healthProfileResponseSchema, petReadPath, petResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from './pet-keys.ts';

/*
 * The pet's own reads, shared by every feature that shows a pet (its pages, trackers, diets), so they
 * all share one cache entry per pet.
 */

/** GET /v1/pets/{id}: `petProfile` and `ownerHomeLocation` (SPEC §7 "Pets"). */
export function petQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: petKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(petReadPath(uuid), { schema: petResponseSchema, signal }),
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
