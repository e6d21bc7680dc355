import { queryOptions } from '@tanstack/react-query';
import { type TreatmentResponseVital, treatmentResponseListSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/**
 * GET /v1/pets/{id}/treatment-responses: under the prescriptions' key, so a prescription started,
 * changed or stopped refreshes every screen's responses with the list. Shared, because the medications
 * page and the tracker charts both show them and features do not import each other.
 */
export function treatmentResponsesQueryOptions(petUuid: string, vital?: TreatmentResponseVital) {
  return queryOptions({
    queryKey: [...petKeys.prescriptions(petUuid), 'treatment-responses', vital ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/treatment-responses${vital ? `?vital=${vital}` : ''}`, {
        schema: treatmentResponseListSchema,
        signal,
      }),
  });
}
