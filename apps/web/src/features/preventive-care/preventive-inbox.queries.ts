import { queryOptions } from '@tanstack/react-query';
import {
  type PreventiveInboxQuery,
  preventiveInboxResponseSchema,
  preventiveProtocolListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const preventiveInboxKeys = {
  all: ['preventive-care'] as const,
  list: (query: PreventiveInboxQuery) => [...preventiveInboxKeys.all, 'inbox', query] as const,
  protocols: ['preventive-care', 'protocols'] as const,
};

// A dose, a mark or a reminder sent for any pet may move its items in or out of the inbox.
invalidateOnLive(['preventive_care.changed'], () => [[...preventiveInboxKeys.all, 'inbox']]);

/** GET /v1/preventive-care/inbox: one page of what is overdue or almost due across pets. */
export function preventiveInboxQueryOptions(query: PreventiveInboxQuery) {
  return queryOptions({
    queryKey: preventiveInboxKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/preventive-care/inbox', { query, schema: preventiveInboxResponseSchema, signal }),
  });
}

/** GET /v1/preventive-protocols: the items the inbox's item filter offers (shipped data: read once). */
export function preventiveProtocolsQueryOptions() {
  return queryOptions({
    queryKey: preventiveInboxKeys.protocols,
    queryFn: ({ signal }) =>
      api.request('/v1/preventive-protocols', { schema: preventiveProtocolListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
