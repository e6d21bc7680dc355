import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type PetAlertCreate, petAlertListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** GET /v1/pets/{id}/alerts: read by the pet's header on every pet page and by its profile. */
export function petAlertsQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.alerts(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/alerts`, { schema: petAlertListResponseSchema, signal }),
  });
}

/** POST /v1/pets/{id}/alerts or DELETE …/alerts/{alertId}: each answers the pet's alerts. */
export function usePetAlertMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { set: PetAlertCreate } | { remove: string }) =>
      'set' in change
        ? api.request(`/v1/pets/${petUuid}/alerts`, {
            method: 'POST',
            body: change.set,
            schema: petAlertListResponseSchema,
          })
        : api.request(`/v1/pets/${petUuid}/alerts/${change.remove}`, {
            method: 'DELETE',
            schema: petAlertListResponseSchema,
          }),
    meta: { handlesErrors: true },
    onSuccess: (response) => queryClient.setQueryData(petKeys.alerts(petUuid), response),
  });
}
