import { queryOptions } from '@tanstack/react-query';
import {
  type BetaListQuery,
  betaListResponseSchema,
  betaResponseSchema,
  type UserListQuery,
  userListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const betaKeys = {
  all: ['betas'] as const,
  list: (query: BetaListQuery) => [...betaKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...betaKeys.all, 'detail', uuid] as const,
};

invalidateOnLive(['beta.enrolled'], () => [[...betaKeys.all, 'list']]);

/** GET /v1/betas: `betaUsers` (SPEC §7), one page. */
export function betasListQueryOptions(query: BetaListQuery) {
  return queryOptions({
    queryKey: betaKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/betas', { query, schema: betaListResponseSchema, signal }),
  });
}

/** GET /v1/betas/{id} */
export function betaQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: betaKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(`/v1/betas/${uuid}`, { schema: betaResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}

export const USER_PICKER_SIZE = 20;

/** GET /v1/users?search=: the candidates the enrolment form offers, best name matches first. */
export function userPickerQueryOptions(search: string) {
  const query: UserListQuery = { search, page: 1, pageSize: USER_PICKER_SIZE, sort: 'name', order: 'asc' };
  return queryOptions({
    queryKey: ['users', 'list', query] as const,
    queryFn: ({ signal }) => api.request('/v1/users', { query, schema: userListResponseSchema, signal }),
    staleTime: 30_000,
  });
}
