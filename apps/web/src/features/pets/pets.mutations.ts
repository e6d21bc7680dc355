import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PetPatch, petPatchResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { familyKeys } from '@/lib/families/families.queries.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * PATCH /v1/pets/{uuid}. The form shows field errors itself and toasts the rest; a saved pet refreshes
 * everything read about the pet and the family views that list it.
 */
export function useUpdatePetMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PetPatch) =>
      api.request(`/v1/pets/${uuid}`, { method: 'PATCH', body: patch, schema: petPatchResponseSchema }),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petKeys.pet(uuid) }),
        queryClient.invalidateQueries({ queryKey: familyKeys.all }),
      ]),
  });
}
