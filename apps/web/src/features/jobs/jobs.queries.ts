import { queryOptions } from '@tanstack/react-query';
import { jobsOverviewResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

export const jobKeys = {
  all: ['jobs'] as const,
  overview: () => [...jobKeys.all, 'overview'] as const,
};

/** GET /v1/jobs: the queues' counts and the latest failures; kept fresh while the page is open. */
export function jobsOverviewQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.overview(),
    queryFn: ({ signal }) => api.request('/v1/jobs', { schema: jobsOverviewResponseSchema, signal }),
    refetchInterval: 10_000,
    // A vet who is not a head vet gets the route's 403 page, which says it better than a toast.
    meta: { handlesErrors: true },
  });
}
