import { queryOptions } from '@tanstack/react-query';
import { dietProgressResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * Shared by the diet page and the weight tracker, which both show it.
 * GET /v1/pets/{id}/diet-progress: the current weight diet against the entries, or why there is none.
 */
export function dietProgressQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.dietProgress(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/diet-progress`, { schema: dietProgressResponseSchema, signal }),
    // The panel says itself that it could not load; the rest of the page is still worth reading.
    meta: { handlesErrors: true },
  });
}
