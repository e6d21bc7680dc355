import { queryOptions } from '@tanstack/react-query';
import { currentDietPlanResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * Shared by the pet profile (which shows it) and the diet pages (whose publishing changes it).
 * GET /v1/pets/{id}/current-diet-plan: the plan of the pet's latest published diet, or null. */
export function currentDietPlanQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.currentDietPlan(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/current-diet-plan`, { schema: currentDietPlanResponseSchema, signal }),
    // The card says itself that it could not load; the rest of the profile is still worth reading.
    meta: { handlesErrors: true },
  });
}
