import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WeightEntryUpdate, weightEntryResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { keysStaleAfterReading } from '@/lib/pets/pet-keys.ts';

/**
 * POST /v1/weight-history (a new entry) or PUT /v1/weight-history/{id} (a correction). The form puts
 * field errors on its fields and toasts the rest; a saved weight refreshes the pet's weight chart and
 * list (a correction can change the sentiment of the entry after it) and its latest values.
 */
export function useSaveWeightEntryMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryUuid, body }: { entryUuid: string | null; body: WeightEntryUpdate }) =>
      entryUuid
        ? api.request(`/v1/weight-history/${entryUuid}`, {
            method: 'PUT',
            body,
            schema: weightEntryResponseSchema,
          })
        : api.request('/v1/weight-history', {
            method: 'POST',
            body: { petUuid, ...body },
            schema: weightEntryResponseSchema,
          }),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all(
        keysStaleAfterReading(petUuid, 'weight').map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
