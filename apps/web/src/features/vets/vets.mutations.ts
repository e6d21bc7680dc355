import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type VetCreate, type VetPatch, type VetResponse, vetResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { authStore } from '@/lib/auth/auth-store.ts';
import { reloadSessionVet } from '@/lib/auth/session.ts';
import { vetKeys } from './vets.queries.ts';

/**
 * After any change to a vet: its page shows the answer at once, every list refetches, and when it is
 * the logged-in vet, SPEC §4 "Updating the vet drops the cache and refetches", so the header follows
 * without a reload.
 */
async function vetChanged(queryClient: QueryClient, { vet }: VetResponse): Promise<void> {
  queryClient.setQueryData(vetKeys.detail(vet.uuid), { vet });
  await queryClient.invalidateQueries({ queryKey: vetKeys.all, refetchType: 'active' });
  if (authStore.getState().vet?.uuid === vet.uuid) await reloadSessionVet(queryClient);
}

/** POST /v1/vets: the form shows field errors (400) and a taken e-mail (409) itself. */
export function useCreateVetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VetCreate) =>
      api.request('/v1/vets', { method: 'POST', body, schema: vetResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vetKeys.all }),
    meta: { handlesErrors: true },
  });
}

/** PATCH /v1/vets/{id}: names, kind, company, or clearing the picture (`imageUrl: null`). */
export function useUpdateVetMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VetPatch) =>
      api.request(`/v1/vets/${uuid}`, { method: 'PATCH', body, schema: vetResponseSchema }),
    onSuccess: (response) => vetChanged(queryClient, response),
    meta: { handlesErrors: true },
  });
}

/** POST /v1/vets/{id}/avatar, multipart; the page shows a refused file next to the picture. */
export function useUploadVetAvatarMutation(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.request(`/v1/vets/${uuid}/avatar`, { method: 'POST', body, schema: vetResponseSchema });
    },
    onSuccess: (response) => vetChanged(queryClient, response),
    meta: { handlesErrors: true },
  });
}
