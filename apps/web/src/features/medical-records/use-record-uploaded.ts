import { useQueryClient } from '@tanstack/react-query';
import type { MedicalRecordResponse } from '@vetboard/contract';
import { medicalRecordKeys } from './medical-records.queries.ts';

/** A new record shows in the inbox and in its pet's list. */
export function useRecordUploaded() {
  const queryClient = useQueryClient();
  return (response: MedicalRecordResponse) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...medicalRecordKeys.all, 'list'] }),
      queryClient.invalidateQueries({ queryKey: medicalRecordKeys.pet(response.medicalRecord.pet.uuid) }),
    ]);
}
