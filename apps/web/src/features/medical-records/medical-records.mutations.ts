import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type LabelCreate,
  type LabelPatch,
  labelResponseSchema,
  type MedicalRecordPatch,
  type MedicalRecordResponse,
  type MedicalRecordReviewMatching,
  medicalRecordResponseSchema,
  medicalRecordReviewMatchingResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { labelKeys, medicalRecordKeys } from './medical-records.queries.ts';

function useRecordChanged() {
  const queryClient = useQueryClient();
  return (response: MedicalRecordResponse) => {
    queryClient.setQueryData(medicalRecordKeys.detail(response.medicalRecord.uuid), response);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [...medicalRecordKeys.all, 'list'] }),
      queryClient.invalidateQueries({ queryKey: medicalRecordKeys.pet(response.medicalRecord.pet.uuid) }),
      // A label's record count changes with the records that carry it.
      queryClient.invalidateQueries({ queryKey: labelKeys.all }),
    ]);
  };
}

export interface UploadInput {
  petUuid: string;
  file: File;
  title?: string;
  documentDate?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /v1/medical-records (multipart): the fields first, then the file, as the API reads them. */
export function uploadMedicalRecord({ petUuid, file, title, documentDate, onProgress, signal }: UploadInput) {
  const form = new FormData();
  form.append('petUuid', petUuid);
  if (title) form.append('title', title);
  if (documentDate) form.append('documentDate', documentDate);
  form.append('file', file, file.name);
  return api.upload('/v1/medical-records', form, {
    schema: medicalRecordResponseSchema,
    signal,
    onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
  });
}

/** PATCH /v1/medical-records/{id}: title, document date, labels. */
export function usePatchRecordMutation(uuid: string) {
  const changed = useRecordChanged();
  return useMutation({
    mutationFn: (body: MedicalRecordPatch) =>
      api.request(`/v1/medical-records/${uuid}`, {
        method: 'PATCH',
        body,
        schema: medicalRecordResponseSchema,
      }),
    onSuccess: changed,
  });
}

/** POST /v1/medical-records/{id}/review */
export function useReviewMutation() {
  const changed = useRecordChanged();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.request(`/v1/medical-records/${uuid}/review`, {
        method: 'POST',
        schema: medicalRecordResponseSchema,
      }),
    onSuccess: changed,
  });
}

/**
 * Marks several records reviewed: the API reviews one record a call, so this sends them one after the
 * other and reports how many went through; one refused (reviewed meanwhile) does not stop the others.
 */
export function useReviewManyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (uuids: readonly string[]) => {
      let reviewed = 0;
      for (const uuid of uuids) {
        try {
          await api.request(`/v1/medical-records/${uuid}/review`, {
            method: 'POST',
            schema: medicalRecordResponseSchema,
          });
          reviewed += 1;
        } catch {
          // Reviewed by someone else meanwhile, or gone: the refreshed list shows it as it is.
        }
      }
      return { reviewed, asked: uuids.length };
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: medicalRecordKeys.all }),
        // Every pet's records list (`['pets', uuid, 'medical-records', …]`), and nothing else of the pets.
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) => queryKey[0] === 'pets' && queryKey[2] === 'medical-records',
        }),
      ]),
  });
}

function useLabelsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: labelKeys.all }),
      // Records show their labels' names and colours.
      queryClient.invalidateQueries({ queryKey: medicalRecordKeys.all }),
    ]);
}

/** POST /v1/labels */
export function useCreateLabelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelCreate) =>
      api.request('/v1/labels', { method: 'POST', body, schema: labelResponseSchema }),
    // The form shows a taken name beside the field.
    meta: { handlesErrors: true },
    // Not awaited: the page clears its form once this settles, and awaiting the list's reload let the
    // new row show first, so a vet typing the next name as it appeared had it wiped. No record carries
    // a new label, so the records stay as they are.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: labelKeys.all });
    },
  });
}

/** PATCH /v1/labels/{id}: rename, recolour, archive or restore. */
export function usePatchLabelMutation() {
  const changed = useLabelsChanged();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: LabelPatch }) =>
      api.request(`/v1/labels/${uuid}`, { method: 'PATCH', body, schema: labelResponseSchema }),
    meta: { handlesErrors: true },
    onSuccess: changed,
  });
}

/** POST /v1/labels/{id}/merge: every record of the label moves to `intoUuid`. */
export function useMergeLabelMutation() {
  const changed = useLabelsChanged();
  return useMutation({
    mutationFn: ({ uuid, intoUuid }: { uuid: string; intoUuid: string }) =>
      api.request(`/v1/labels/${uuid}/merge`, {
        method: 'POST',
        body: { intoUuid },
        schema: labelResponseSchema,
      }),
    onSuccess: changed,
  });
}

/** POST /v1/medical-records/review-matching: every pending record the inbox's filters match, reviewed. */
export function useReviewMatchingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: MedicalRecordReviewMatching) =>
      api.request('/v1/medical-records/review-matching', {
        method: 'POST',
        body: filters,
        schema: medicalRecordReviewMatchingResponseSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: medicalRecordKeys.all }),
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) => queryKey[0] === 'pets' && queryKey[2] === 'medical-records',
        }),
      ]),
  });
}
