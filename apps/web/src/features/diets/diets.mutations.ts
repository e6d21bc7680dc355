import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DietCreate,
  type DietPatch,
  type DietPublish,
  dietCopyResponseSchema,
  dietResponseSchema,
} from '@vetboard/contract';
import { z } from 'zod';
import { api } from '@/lib/api/api-client.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';
import { dietKeys } from './diets.queries.ts';

// DELETE and POST .../pdf answer without a body the web needs; any JSON (or none) is accepted.
const anyBody = z.unknown();

/** POST /v1/diets: a new draft; the form shows field errors itself. */
export function useCreateDietMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DietCreate) =>
      api.request('/v1/diets', { method: 'POST', body, schema: dietResponseSchema }),
    onSuccess: ({ diet }) => {
      queryClient.setQueryData(dietKeys.detail(diet.uuid), { diet });
      return queryClient.invalidateQueries({ queryKey: petKeys.diets(diet.petUuid) });
    },
    meta: { handlesErrors: true },
  });
}

/** PATCH /v1/diets/{id}: the editor maps a 400's fields onto its inputs and toasts the rest. */
export function usePatchDietMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DietPatch) =>
      api.request(`/v1/diets/${uuid}`, { method: 'PATCH', body, schema: dietResponseSchema }),
    onSuccess: ({ diet }) => {
      queryClient.setQueryData(dietKeys.detail(uuid), { diet });
      return queryClient.invalidateQueries({ queryKey: petKeys.diets(diet.petUuid) });
    },
    meta: { handlesErrors: true },
  });
}

/**
 * POST /v1/diets/{id}/publish: the diet becomes the pet's current diet plan. The dialog shows a 409 for
 * warnings not acknowledged itself, and toasts the rest.
 */
export function usePublishDietMutation(uuid: string, petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DietPublish) =>
      api.request(`/v1/diets/${uuid}/publish`, { method: 'POST', body, schema: anyBody }),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dietKeys.detail(uuid) }),
        queryClient.invalidateQueries({ queryKey: petKeys.diets(petUuid) }),
        queryClient.invalidateQueries({ queryKey: petKeys.currentDietPlan(petUuid) }),
      ]),
  });
}

/** POST /v1/diets/{id}/copy: a new draft with the same content, `copyUuid`. */
export function useCopyDietMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.request(`/v1/diets/${uuid}/copy`, { method: 'POST', body: {}, schema: dietCopyResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petKeys.diets(petUuid) }),
  });
}

/** DELETE /v1/diets/{id}: drafts only (a published diet answers 409, shown as the 'Error' toast). */
export function useDeleteDietMutation(uuid: string, petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`/v1/diets/${uuid}`, { method: 'DELETE', schema: anyBody }),
    // The detail stays cached until the page has left: removing it now would refetch a 404 under the vet's eyes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petKeys.diets(petUuid), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: dietKeys.detail(uuid), refetchType: 'none' }),
      ]),
  });
}

/** POST /v1/diets/{id}/pdf: generates and stores the PDF; the diet then says it is up to date. */
export function useGenerateDietPdfMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(`/v1/diets/${uuid}/pdf`, { method: 'POST', body: {}, schema: anyBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dietKeys.detail(uuid) }),
  });
}
