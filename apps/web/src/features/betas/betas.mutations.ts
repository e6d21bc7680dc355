import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BetaCreate, betaResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { betaKeys } from './betas.queries.ts';

/** POST /v1/betas: the form puts a 400's fields and a 409 (already enrolled) next to the inputs. */
export function useEnrolBetaMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BetaCreate) =>
      api.request('/v1/betas', { method: 'POST', body, schema: betaResponseSchema }),
    onSuccess: ({ betaUser }) => {
      queryClient.setQueryData(betaKeys.detail(betaUser.uuid), { betaUser });
      return queryClient.invalidateQueries({ queryKey: betaKeys.all, refetchType: 'active' });
    },
    meta: { handlesErrors: true },
  });
}
