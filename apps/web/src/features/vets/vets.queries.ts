import { queryOptions } from '@tanstack/react-query';
import { vetListResponseSchema, vetResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import type { VetsListQuery } from './vets-search.ts';

export const vetKeys = {
  all: ['vets'] as const,
  list: (query: VetsListQuery) => [...vetKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...vetKeys.all, 'detail', uuid] as const,
};

invalidateOnLive(['vet.changed'], (event) => [[...vetKeys.all, 'list'], vetKeys.detail(event.id)]);

/** GET /v1/vets: one page of vets of a kind, searched and sorted on the server. */
export function vetsListQueryOptions(query: VetsListQuery) {
  return queryOptions({
    queryKey: vetKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/vets', { query, schema: vetListResponseSchema, signal }),
  });
}

/** GET /v1/vets/{id} */
export function vetQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: vetKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(`/v1/vets/${uuid}`, { schema: vetResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}
