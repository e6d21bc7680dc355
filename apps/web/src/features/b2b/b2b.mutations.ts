import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyContacts,
  companyEmailsResponseSchema,
  companyResponseSchema,
  type DailyStatusCreate,
  type DailyStatusEmail,
  dailyStatusEmailPreviewSchema,
  dailyStatusResponseSchema,
  emailPreviewSchema,
  okResponseSchema,
  type UrgentReportEmail,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { b2bKeys } from './b2b.queries.ts';

function useInvalidateStatuses() {
  const queryClient = useQueryClient();
  return (petUuid: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...b2bKeys.all, 'pets'] }),
      queryClient.invalidateQueries({ queryKey: [...b2bKeys.all, 'companies'] }),
      queryClient.invalidateQueries({ queryKey: b2bKeys.history(petUuid) }),
    ]);
}

/** POST /v1/b2b/daily-status */
export function useCreateDailyStatusMutation() {
  const invalidate = useInvalidateStatuses();
  return useMutation({
    mutationFn: (body: DailyStatusCreate) =>
      api.request('/v1/b2b/daily-status', { method: 'POST', body, schema: dailyStatusResponseSchema }),
    // The row shows the reason under the text.
    meta: { handlesErrors: true },
    onSuccess: (response) => invalidate(response.dailyStatus.petUuid),
  });
}

/** PUT /v1/b2b/daily-status/{uuid} */
export function useEditDailyStatusMutation() {
  const invalidate = useInvalidateStatuses();
  return useMutation({
    mutationFn: ({ uuid, dailyStatus }: { uuid: string; dailyStatus: string }) =>
      api.request(`/v1/b2b/daily-status/${uuid}`, {
        method: 'PUT',
        body: { dailyStatus },
        schema: dailyStatusResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: (response) => invalidate(response.dailyStatus.petUuid),
  });
}

/** PUT /v1/b2b/daily-status/{uuid}/delete: a soft delete. */
export function useDeleteDailyStatusMutation() {
  const invalidate = useInvalidateStatuses();
  return useMutation({
    mutationFn: ({ uuid }: { uuid: string; petUuid: string }) =>
      api.request(`/v1/b2b/daily-status/${uuid}/delete`, { method: 'PUT', schema: okResponseSchema }),
    onSuccess: (_response, { petUuid }) => invalidate(petUuid),
  });
}

/** POST /v1/b2b/daily-status-email/preview: what the e-mail would be, to whom. */
export function useDailyEmailPreviewMutation() {
  return useMutation({
    mutationFn: (body: DailyStatusEmail) =>
      api.request('/v1/b2b/daily-status-email/preview', {
        method: 'POST',
        body,
        schema: dailyStatusEmailPreviewSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** POST /v1/b2b/daily-status-email */
export function useSendDailyEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DailyStatusEmail) =>
      api.request('/v1/b2b/daily-status-email', {
        method: 'POST',
        body,
        schema: companyEmailsResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: (_response, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: b2bKeys.companyEmails(body.sku) }),
        queryClient.invalidateQueries({ queryKey: [...b2bKeys.all, 'companies'] }),
      ]),
  });
}

/** POST /v1/b2b/urgent-report-email/preview */
export function useUrgentPreviewMutation() {
  return useMutation({
    mutationFn: (body: UrgentReportEmail) =>
      api.request('/v1/b2b/urgent-report-email/preview', {
        method: 'POST',
        body,
        schema: emailPreviewSchema,
      }),
    meta: { handlesErrors: true },
  });
}

/** POST /v1/b2b/urgent-report-email */
export function useSendUrgentReportMutation(sku: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UrgentReportEmail) =>
      api.request('/v1/b2b/urgent-report-email', {
        method: 'POST',
        body,
        schema: companyEmailsResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: b2bKeys.companyEmails(sku) }),
  });
}

/** PUT /v1/companies/{id}/contacts (head vets). */
export function useUpdateContactsMutation(sku: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyContacts) =>
      api.request(`/v1/companies/${encodeURIComponent(sku)}/contacts`, {
        method: 'PUT',
        body,
        schema: companyResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: (response) => queryClient.setQueryData(b2bKeys.company(sku), response),
  });
}
