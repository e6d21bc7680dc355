import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CheckupReview, checkupResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { checkupKeys } from './checkups.queries.ts';

/** POST /v1/checkups/{id}/review: marks it reviewed, or amends a reviewed checkup's comment. */
export function useReviewCheckupMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckupReview) =>
      api.request(`/v1/checkups/${uuid}/review`, { method: 'POST', body, schema: checkupResponseSchema }),
    // The page shows the reason beside the comment.
    meta: { handlesErrors: true },
    onSuccess: (response) => {
      queryClient.setQueryData(checkupKeys.detail(uuid), response);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...checkupKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: checkupKeys.pet(response.checkup.pet.uuid) }),
      ]);
    },
  });
}
