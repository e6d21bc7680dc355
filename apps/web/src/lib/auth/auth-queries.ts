import { queryOptions } from '@tanstack/react-query';
import { sessionVetSchema } from '@vetboard/contract';
import { api } from '../api/api-client.ts';

export const authKeys = {
  all: ['auth'] as const,
  vet: () => [...authKeys.all, 'vet'] as const,
};

/** GET /v1/auth/vet: the logged-in vet (SPEC §7 "Auth"). */
export function authVetQueryOptions() {
  return queryOptions({
    queryKey: authKeys.vet(),
    queryFn: ({ signal }) => api.request('/v1/auth/vet', { schema: sessionVetSchema, signal }),
  });
}
