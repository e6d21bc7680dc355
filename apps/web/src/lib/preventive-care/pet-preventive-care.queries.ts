import { queryOptions } from '@tanstack/react-query';
import { preventiveCareResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * GET /v1/pets/{id}/preventive-care: the pet's schedule, most urgent first. Shared, because the profile's
 * card and the preventive-care page read the same schedule and neither feature may import the other.
 */
export function petPreventiveCareQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.preventiveCare(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/preventive-care`, { schema: preventiveCareResponseSchema, signal }),
  });
}
