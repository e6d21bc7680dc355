import { queryOptions } from '@tanstack/react-query';
import {
  type ClinicalDocumentKind,
  type ClinicalDocumentListQuery,
  clinicalDocumentDiffSchema,
  clinicalDocumentListResponseSchema,
  clinicalDocumentResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

export const clinicalDocumentsKeys = {
  /** Everything of the pet's documents: one event refreshes lists, versions and diffs at once. */
  pet: (petUuid: string) => petKeys.clinicalDocuments(petUuid),
  list: (petUuid: string, query: ClinicalDocumentListQuery) =>
    [...petKeys.clinicalDocuments(petUuid), 'list', query] as const,
  detail: (petUuid: string, uuid: string) => [...petKeys.clinicalDocuments(petUuid), 'detail', uuid] as const,
  diff: (petUuid: string, from: string, to: string) =>
    [...petKeys.clinicalDocuments(petUuid), 'diff', from, to] as const,
};

// Another vet's draft saved, signed, amended or deleted: an open list or document page refreshes.
invalidateOnLive(
  [
    'clinical_document.created',
    'clinical_document.changed',
    'clinical_document.signed',
    'clinical_document.deleted',
  ],
  (event) => (event.petUuid ? [clinicalDocumentsKeys.pet(event.petUuid)] : []),
);

/** The page shows the pet's latest 200 documents of a kind (SPEC §9's page size). */
export const petClinicalDocumentsQuery = (kind: ClinicalDocumentKind): ClinicalDocumentListQuery => ({
  kind,
  page: 1,
  pageSize: 200,
});

/** GET /v1/pets/{id}/clinical-documents?kind= */
export function petClinicalDocumentsQueryOptions(petUuid: string, kind: ClinicalDocumentKind) {
  const query = petClinicalDocumentsQuery(kind);
  return queryOptions({
    queryKey: clinicalDocumentsKeys.list(petUuid, query),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/clinical-documents`, {
        query,
        schema: clinicalDocumentListResponseSchema,
        signal,
      }),
  });
}

/** GET /v1/clinical-documents/{id} */
export function clinicalDocumentQueryOptions(petUuid: string, uuid: string) {
  return queryOptions({
    queryKey: clinicalDocumentsKeys.detail(petUuid, uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/clinical-documents/${uuid}`, { schema: clinicalDocumentResponseSchema, signal }),
  });
}

/** GET /v1/clinical-documents/{id}/diff?versionUuid= */
export function clinicalDocumentDiffQueryOptions(petUuid: string, from: string, to: string) {
  return queryOptions({
    queryKey: clinicalDocumentsKeys.diff(petUuid, from, to),
    queryFn: ({ signal }) =>
      api.request(`/v1/clinical-documents/${to}/diff`, {
        query: { versionUuid: from },
        schema: clinicalDocumentDiffSchema,
        signal,
      }),
  });
}
