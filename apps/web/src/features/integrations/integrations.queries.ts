import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type IntegrationCreate,
  integrationCreatedResponseSchema,
  integrationListResponseSchema,
  integrationResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
};

/** GET /v1/integrations: every token, active first, with its last use. */
export function integrationsQueryOptions() {
  return queryOptions({
    queryKey: integrationKeys.list(),
    queryFn: ({ signal }) =>
      api.request('/v1/integrations', { schema: integrationListResponseSchema, signal }),
    // A vet who is not a head vet gets the route's 403 page, which says it better than a toast.
    meta: { handlesErrors: true },
  });
}

/** POST /v1/integrations: the answer holds the token, the only time it is shown. */
export function useCreateIntegrationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationCreate) =>
      api.request('/v1/integrations', {
        method: 'POST',
        body: input,
        schema: integrationCreatedResponseSchema,
      }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** POST /v1/integrations/{id}/revoke: the token stops working with its next call. */
export function useRevokeIntegrationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.request(`/v1/integrations/${uuid}/revoke`, { method: 'POST', schema: integrationResponseSchema }),
    // The page asks for the second factor again on a step-up refusal, and toasts the rest itself.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
