import { queryOptions } from '@tanstack/react-query';
import { b2bCompaniesResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

/**
 * The companies the vet may see, by name (a company's own vets only theirs, the product's vets all):
 * the choices of the lists' company filters (weekly reports, pending cards).
 */
export function visibleCompaniesQueryOptions() {
  return queryOptions({
    queryKey: ['companies', 'visible'] as const,
    queryFn: ({ signal }) => api.request('/v1/b2b/companies', { schema: b2bCompaniesResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
