import { queryOptions } from '@tanstack/react-query';
import { latestTrackersResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * Shared by the pet profile (which shows it) and the tracker pages (whose writes make it stale).
 * GET /v1/pets/{id}/trackers/latest: each tracker's latest value, today's totals in the pet's zone. */
export function latestTrackersQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.latestTrackers(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/trackers/latest`, { schema: latestTrackersResponseSchema, signal }),
    // The card says itself that it could not load; the rest of the profile is still worth reading.
    meta: { handlesErrors: true },
  });
}
