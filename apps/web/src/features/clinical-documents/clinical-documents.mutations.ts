import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ClinicalDocumentAmend,
  type ClinicalDocumentCreate,
  type ClinicalDocumentResponse,
  type ClinicalDocumentUpdate,
  clinicalDocumentResponseSchema,
  okResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { clinicalDocumentsKeys } from './clinical-documents.queries.ts';

/** POST /v1/pets/{id}/clinical-documents: a new draft (an assessment, or a report from a template). */
export function useCreateClinicalDocumentMutation(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClinicalDocumentCreate) =>
      api.request(`/v1/pets/${petUuid}/clinical-documents`, {
        method: 'POST',
        body,
        schema: clinicalDocumentResponseSchema,
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(
        clinicalDocumentsKeys.detail(petUuid, response.clinicalDocument.uuid),
        response,
      );
      return queryClient.invalidateQueries({ queryKey: clinicalDocumentsKeys.pet(petUuid) });
    },
  });
}

/**
 * PUT /v1/clinical-documents/{id}: the editor's autosave. It only writes the answer into the cache (the
 * editor keeps its own state); the lists refresh once the vet leaves or signs.
 */
export function saveClinicalDocument(
  uuid: string,
  body: ClinicalDocumentUpdate,
  options: { keepalive?: boolean } = {},
) {
  return api.request(`/v1/clinical-documents/${uuid}`, {
    method: 'PUT',
    body,
    schema: clinicalDocumentResponseSchema,
    keepalive: options.keepalive,
  });
}

function useDocumentAction<TBody>(
  petUuid: string,
  request: (body: TBody) => Promise<ClinicalDocumentResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The page shows the refusal (a 409) beside the button.
    meta: { handlesErrors: true },
    onSuccess: (response) => {
      queryClient.setQueryData(
        clinicalDocumentsKeys.detail(petUuid, response.clinicalDocument.uuid),
        response,
      );
      return queryClient.invalidateQueries({ queryKey: clinicalDocumentsKeys.pet(petUuid) });
    },
  });
}

/** DELETE /v1/clinical-documents/{id}: the author takes back a draft; the pet's lists refresh. */
export function useDeleteClinicalDocumentMutation(petUuid: string, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`/v1/clinical-documents/${uuid}`, { method: 'DELETE', schema: okResponseSchema }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clinicalDocumentsKeys.detail(petUuid, uuid) });
      return queryClient.invalidateQueries({ queryKey: clinicalDocumentsKeys.pet(petUuid) });
    },
  });
}

/** POST /v1/clinical-documents/{id}/sign */
export function useSignClinicalDocumentMutation(petUuid: string, uuid: string) {
  return useDocumentAction<void>(petUuid, () =>
    api.request(`/v1/clinical-documents/${uuid}/sign`, {
      method: 'POST',
      schema: clinicalDocumentResponseSchema,
    }),
  );
}

/** POST /v1/clinical-documents/{id}/amendments: the next version, as a draft. */
export function useAmendClinicalDocumentMutation(petUuid: string, uuid: string) {
  return useDocumentAction<ClinicalDocumentAmend>(petUuid, (body) =>
    api.request(`/v1/clinical-documents/${uuid}/amendments`, {
      method: 'POST',
      body,
      schema: clinicalDocumentResponseSchema,
    }),
  );
}
