import { queryOptions } from '@tanstack/react-query';
import { type UserListQuery, userListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => [...userKeys.all, 'list', query] as const,
};

/** GET /v1/users: one page of owners, filtered, searched and sorted on the server. */
export function usersListQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/users', { query, schema: userListResponseSchema, signal }),
  });
}
