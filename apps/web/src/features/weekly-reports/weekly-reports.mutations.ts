import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weeklyReportResponseSchema, weeklyReportSentSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { weeklyReportKeys } from './weekly-reports.queries.ts';

function useReportUpdated(uuid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: weeklyReportKeys.detail(uuid) }),
      queryClient.invalidateQueries({ queryKey: [...weeklyReportKeys.all, 'list'] }),
    ]);
}

/** PUT /v1/weekly-reports/{id}/comment */
export function useCommentMutation(uuid: string) {
  const updated = useReportUpdated(uuid);
  return useMutation({
    mutationFn: (vetComment: string) =>
      api.request(`/v1/weekly-reports/${uuid}/comment`, {
        method: 'PUT',
        body: { vetComment },
        schema: weeklyReportResponseSchema,
      }),
    onSuccess: updated,
  });
}

/** POST /v1/weekly-reports/{id}/review */
export function useReviewMutation(uuid: string) {
  const updated = useReportUpdated(uuid);
  return useMutation({
    mutationFn: () =>
      api.request(`/v1/weekly-reports/${uuid}/review`, {
        method: 'POST',
        schema: weeklyReportResponseSchema,
      }),
    onSuccess: updated,
  });
}

/** POST /v1/weekly-reports/{id}/send: e-mails the report and its PDF to the owner. */
export function useSendMutation(uuid: string) {
  const updated = useReportUpdated(uuid);
  return useMutation({
    mutationFn: () =>
      api.request(`/v1/weekly-reports/${uuid}/send`, { method: 'POST', schema: weeklyReportSentSchema }),
    onSuccess: updated,
  });
}
