import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PreventiveDoseCreate,
  type PreventiveNotApplicableCreate,
  preventiveCareResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** POST /v1/pets/{id}/preventive-care/doses: answers the schedule, so it is written straight in. */
export function useRecordPreventiveDose(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreventiveDoseCreate) =>
      api.request(`/v1/pets/${petUuid}/preventive-care/doses`, {
        method: 'POST',
        body,
        schema: preventiveCareResponseSchema,
      }),
    // A refused field is the form's to show, not the global error toast's.
    meta: { handlesErrors: true },
    onSuccess: (schedule) => queryClient.setQueryData(petKeys.preventiveCare(petUuid), schedule),
  });
}

/** POST /v1/pets/{id}/preventive-care/not-applicable */
export function useMarkNotApplicable(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreventiveNotApplicableCreate) =>
      api.request(`/v1/pets/${petUuid}/preventive-care/not-applicable`, {
        method: 'POST',
        body,
        schema: preventiveCareResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: (schedule) => queryClient.setQueryData(petKeys.preventiveCare(petUuid), schedule),
  });
}

/** DELETE /v1/pets/{id}/preventive-care/not-applicable/{itemCode} */
export function useRemoveNotApplicable(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemCode: string) =>
      api.request(`/v1/pets/${petUuid}/preventive-care/not-applicable/${encodeURIComponent(itemCode)}`, {
        method: 'DELETE',
        schema: preventiveCareResponseSchema,
      }),
    onSuccess: (schedule) => queryClient.setQueryData(petKeys.preventiveCare(petUuid), schedule),
  });
}
