import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RespiratoryThresholdsPut, respiratoryThresholdsResponseSchema } from '@vetboard/contract';
import { z } from 'zod';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * `abnormal` is computed from the thresholds when read, so new thresholds re-flag every respiratory
 * chart, list and latest value of the pet: all of them are refetched.
 */
function useRefreshAfterThresholds(petUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: petKeys.thresholds(petUuid) }),
      queryClient.invalidateQueries({ queryKey: petKeys.respiratory(petUuid) }),
      queryClient.invalidateQueries({ queryKey: petKeys.latestTrackers(petUuid) }),
    ]);
}

/** PUT /v1/pets/{id}/respiratory-thresholds: the pet's own thresholds. */
export function useSaveThresholdsMutation(petUuid: string) {
  const refresh = useRefreshAfterThresholds(petUuid);
  return useMutation({
    mutationFn: (body: RespiratoryThresholdsPut) =>
      api.request(`/v1/pets/${petUuid}/respiratory-thresholds`, {
        method: 'PUT',
        body,
        schema: respiratoryThresholdsResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: refresh,
  });
}

/** DELETE /v1/pets/{id}/respiratory-thresholds: back to the species defaults. */
export function useResetThresholdsMutation(petUuid: string) {
  const refresh = useRefreshAfterThresholds(petUuid);
  return useMutation({
    // The answer is not needed: the refetch that follows reads the defaults back.
    mutationFn: () =>
      api.request(`/v1/pets/${petUuid}/respiratory-thresholds`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: refresh,
  });
}
