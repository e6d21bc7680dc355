import { queryOptions } from '@tanstack/react-query';
import { drugListResponseSchema, prescriptionListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** GET /v1/pets/{id}/prescriptions: active first, then past; and the weight a new one is dosed from. */
export function petPrescriptionsQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.prescriptions(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/prescriptions`, { schema: prescriptionListResponseSchema, signal }),
  });
}

/** GET /v1/drugs: reference data shipped with the API, so it does not change while the page is open. */
export function drugsQueryOptions() {
  return queryOptions({
    queryKey: ['drugs'] as const,
    queryFn: ({ signal }) => api.request('/v1/drugs', { schema: drugListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
