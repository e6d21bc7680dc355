import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type JobFailure, okResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { jobKeys } from './jobs.queries.ts';

/** POST /v1/jobs/{queue}/{id}/retry: the failure leaves the list and the job counts as queued again. */
export function useRetryJobMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (failure: Pick<JobFailure, 'queue' | 'uuid'>) =>
      api.request(`/v1/jobs/${encodeURIComponent(failure.queue)}/${failure.uuid}/retry`, {
        method: 'POST',
        schema: okResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
