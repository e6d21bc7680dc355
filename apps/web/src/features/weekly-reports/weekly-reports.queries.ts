import { queryOptions } from '@tanstack/react-query';
import {
  vetListResponseSchema,
  type WeeklyReportListQuery,
  weeklyReportListResponseSchema,
  weeklyReportResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const weeklyReportKeys = {
  all: ['weekly-reports'] as const,
  list: (query: WeeklyReportListQuery) => [...weeklyReportKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...weeklyReportKeys.all, 'detail', uuid] as const,
  vets: ['weekly-reports', 'filter', 'vets'] as const,
};

// A new week's drafts, and another vet's comment, review or send, change the inbox and the report.
invalidateOnLive(['weekly_report.generated', 'weekly_report.changed'], (event) => [
  [...weeklyReportKeys.all, 'list'],
  ...(event.type === 'weekly_report.changed' ? [weeklyReportKeys.detail(event.id)] : []),
]);

/** GET /v1/weekly-reports: one page of the inbox, with the counts per status. */
export function weeklyReportsListQueryOptions(query: WeeklyReportListQuery) {
  return queryOptions({
    queryKey: weeklyReportKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/weekly-reports', { query, schema: weeklyReportListResponseSchema, signal }),
  });
}

/** GET /v1/weekly-reports/{id} */
export function weeklyReportQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: weeklyReportKeys.detail(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/weekly-reports/${uuid}`, { schema: weeklyReportResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}

/** The practice's vets by name, for the "reviewed or sent by" filter. */
export function reportVetsQueryOptions() {
  const query = { page: 1, pageSize: 100, sort: 'name', order: 'asc' } as const;
  return queryOptions({
    queryKey: weeklyReportKeys.vets,
    queryFn: ({ signal }) => api.request('/v1/vets', { query, schema: vetListResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
