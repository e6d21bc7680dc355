import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PrescriptionChange,
  type PrescriptionCreate,
  prescriptionResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** POST /v1/pets/{id}/prescriptions */
export function useCreatePrescription(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrescriptionCreate) =>
      api.request(`/v1/pets/${petUuid}/prescriptions`, {
        method: 'POST',
        body,
        schema: prescriptionResponseSchema,
      }),
    // A refusal with warnings is the form's to show, not the global error toast's.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.prescriptions(petUuid) }),
  });
}

/** POST /v1/prescriptions/{id}/stop */
export function useStopPrescription(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      api.request(`/v1/prescriptions/${uuid}/stop`, {
        method: 'POST',
        body: { reason },
        schema: prescriptionResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.prescriptions(petUuid) }),
  });
}

/** POST /v1/prescriptions/{id}/change: a new version with the new dose or frequency. */
export function useChangePrescription(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: PrescriptionChange }) =>
      api.request(`/v1/prescriptions/${uuid}/change`, {
        method: 'POST',
        body,
        schema: prescriptionResponseSchema,
      }),
    // A refusal with warnings is the dialog's to show, not the global error toast's.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.prescriptions(petUuid) }),
  });
}
