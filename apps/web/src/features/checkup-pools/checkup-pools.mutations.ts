import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CheckupFill,
  checkupResponseSchema,
  type FormInput,
  formResponseSchema,
  formSendResponseSchema,
} from '@vetboard/contract';
import { z } from 'zod';
import { api } from '@/lib/api/api-client.ts';
import { checkupDetailKey } from '@/lib/checkups/checkup.queries.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';
import { checkupListKeys, poolKeys } from './checkup-pools.queries.ts';
import { duplicateBody } from './pool-builder.ts';

/** POST /v1/forms, or PUT /v1/forms/{uuid} when editing: a 400's reasons go next to the builder's fields. */
export function useSavePoolMutation(uuid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormInput) =>
      uuid
        ? api.request(`/v1/forms/${uuid}`, { method: 'PUT', body: { form }, schema: formResponseSchema })
        : api.request('/v1/forms', { method: 'POST', body: { form }, schema: formResponseSchema }),
    onSuccess: ({ form }) => {
      queryClient.setQueryData(poolKeys.detail(form.uuid), { form });
      return queryClient.invalidateQueries({ queryKey: poolKeys.all, refetchType: 'active' });
    },
    meta: { handlesErrors: true },
  });
}

/** Reads the pool, then saves a copy of its current version as a new pool. */
export function useDuplicatePoolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ uuid, takenSkus }: { uuid: string; takenSkus: ReadonlySet<string> }) => {
      const { form } = await api.request(`/v1/forms/${uuid}`, { schema: formResponseSchema });
      return api.request('/v1/forms', {
        method: 'POST',
        body: { form: duplicateBody(form, takenSkus) },
        schema: formResponseSchema,
      });
    },
    onSuccess: ({ form }) => {
      queryClient.setQueryData(poolKeys.detail(form.uuid), { form });
      return queryClient.invalidateQueries({ queryKey: poolKeys.all, refetchType: 'active' });
    },
  });
}

/** DELETE /v1/forms/{id}: `archived` tells whether the pool had checkups (archived) or not (deleted). */
export function useDeletePoolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.request(`/v1/forms/${uuid}`, { method: 'DELETE', schema: z.object({ archived: z.boolean() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolKeys.all, refetchType: 'active' }),
  });
}

/** POST /v1/forms/{id}/send to one pet: a new `sent` checkup in the pet's lists and the inbox. */
export function useSendCheckupMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formUuid: string) =>
      api.request(`/v1/forms/${formUuid}/send`, {
        method: 'POST',
        body: { petUuid },
        schema: formSendResponseSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petKeys.pet(petUuid) }),
        queryClient.invalidateQueries({ queryKey: checkupListKeys.all }),
        queryClient.invalidateQueries({ queryKey: poolKeys.all }),
      ]),
  });
}

/** POST /v1/forms/{id}/send to many pets: their new checkups join each pet's lists and the pool's. */
export function useSendToPetsMutation(formUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (petUuids: string[]) =>
      api.request(`/v1/forms/${formUuid}/send`, {
        method: 'POST',
        body: { petUuids },
        schema: formSendResponseSchema,
      }),
    onSuccess: (_response, petUuids) =>
      Promise.all([
        ...petUuids.map((petUuid) => queryClient.invalidateQueries({ queryKey: petKeys.pet(petUuid) })),
        queryClient.invalidateQueries({ queryKey: checkupListKeys.all }),
        queryClient.invalidateQueries({ queryKey: poolKeys.all }),
      ]),
    // The dialog shows a refusal (a 400 over the cap or for a pet gone meanwhile) in place.
    meta: { handlesErrors: true },
  });
}

/** POST /v1/pets/{id}/checkups: the checkup the vet filled, answered and "filled by" them. */
export function useFillCheckupMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckupFill) =>
      api.request(`/v1/pets/${petUuid}/checkups`, { method: 'POST', body, schema: checkupResponseSchema }),
    onSuccess: (response) => {
      // A sent checkup answered in place: its page (next) shows it answered, not the sent copy in the cache.
      queryClient.setQueryData(checkupDetailKey(response.checkup.uuid), response);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: petKeys.pet(petUuid) }),
        queryClient.invalidateQueries({ queryKey: checkupListKeys.all }),
        queryClient.invalidateQueries({ queryKey: poolKeys.all }),
      ]);
    },
    meta: { handlesErrors: true },
  });
}
