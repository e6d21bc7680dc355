import { queryOptions } from '@tanstack/react-query';
import {
  type LabelListQuery,
  labelListResponseSchema,
  type MedicalRecordListQuery,
  medicalRecordListResponseSchema,
  medicalRecordResponseSchema,
  RECORDS_PAGE,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const medicalRecordKeys = {
  all: ['medical-records'] as const,
  list: (query: MedicalRecordListQuery) => [...medicalRecordKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...medicalRecordKeys.all, 'detail', uuid] as const,
  /** A pet's records: under the pet, so refreshing the pet refreshes them. */
  pet: (petUuid: string) => ['pets', petUuid, 'medical-records'] as const,
};

export const labelKeys = {
  all: ['labels'] as const,
  list: (query: LabelListQuery) => [...labelKeys.all, 'list', query] as const,
};

// Another vet's upload, label or review changes the inbox, the record and the pet's list; a label's
// rename or merge changes every record that shows it.
invalidateOnLive(['medical_record.uploaded', 'medical_record.changed'], (event) => [
  [...medicalRecordKeys.all, 'list'],
  medicalRecordKeys.detail(event.id),
  ...(event.petUuid ? [medicalRecordKeys.pet(event.petUuid)] : []),
]);
invalidateOnLive(['label.changed'], () => [labelKeys.all, medicalRecordKeys.all]);

/** GET /v1/medical-records: one page of the inbox, with the counts per status. */
export function medicalRecordListQueryOptions(query: MedicalRecordListQuery) {
  return queryOptions({
    queryKey: medicalRecordKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/medical-records', { query, schema: medicalRecordListResponseSchema, signal }),
  });
}

/** SPEC §9: a pet's records are asked page 1 of 200, newest upload first. */
export function petMedicalRecordsQuery(petUuid: string): MedicalRecordListQuery {
  return { petUuid, ...RECORDS_PAGE, sort: 'uploadedAt', order: 'desc', search: undefined };
}

/** GET /v1/medical-records?petUuid=&page=1&pageSize=200 */
export function petMedicalRecordsQueryOptions(petUuid: string) {
  const query = petMedicalRecordsQuery(petUuid);
  return queryOptions({
    queryKey: [...medicalRecordKeys.pet(petUuid), query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/medical-records', { query, schema: medicalRecordListResponseSchema, signal }),
  });
}

/** GET /v1/medical-records/{id} */
export function medicalRecordQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: medicalRecordKeys.detail(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/medical-records/${uuid}`, { schema: medicalRecordResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}

/** SPEC §9: the labels are asked page 1 of 200; `active` leaves archived ones out. */
export function labelsQuery(status: LabelListQuery['status'] = 'active'): LabelListQuery {
  return { ...RECORDS_PAGE, sort: 'name', order: 'asc', search: undefined, status };
}

/** GET /v1/labels?page=1&pageSize=200 */
export function labelsQueryOptions(status: LabelListQuery['status'] = 'active') {
  const query = labelsQuery(status);
  return queryOptions({
    queryKey: labelKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/labels', { query, schema: labelListResponseSchema, signal }),
  });
}
