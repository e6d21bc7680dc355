import {
  type MedicalRecordListQuery,
  medicalRecordSortFields,
  medicalRecordStatuses,
  medicalRecordUploaders,
} from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, optionalEnumParam } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'inbox', order: 'asc' } as const;

/**
 * The day `value` (`2026-11-02`) names, at local midnight, `plusDays` later; null if it names no day.
 * Plain `Date`: this module is part of every page's entry (the route's search), so no date library.
 */
function localDay(value: string, plusDays = 0): Date | null {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  date.setDate(date.getDate() + plusDays);
  return date;
}

const day = z.catch(
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/),
      z.refine((value) => localDay(value) !== null),
    ),
  ),
  undefined,
);

/**
 * `/medical-records?status=&label=&uploadedBy=&uploaderVet=&from=&to=&petUuid=&search=&sort=&order=&page=&pageSize=`:
 * by default the inbox order (awaiting review first, then the longest waiting).
 */
export const medicalRecordsSearchSchema = z.extend(listSearchSchema(medicalRecordSortFields, DEFAULT_SORT), {
  status: optionalEnumParam(medicalRecordStatuses),
  label: z.catch(z.optional(z.uuid()), undefined),
  uploadedBy: optionalEnumParam(medicalRecordUploaders),
  /** Uploaded by one vet: `me` (whoever opens the link) or a vet's uuid. */
  uploaderVet: z.catch(z.optional(z.union([z.literal('me'), z.uuid()])), undefined),
  /** Uploaded on or after this day. */
  from: day,
  /** Uploaded on or before this day. */
  to: day,
  /** One pet's records (the old pet menu link's filter). */
  petUuid: z.catch(z.optional(z.uuid()), undefined),
});
export type MedicalRecordsSearch = z.output<typeof medicalRecordsSearchSchema>;

export const medicalRecordsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const MEDICAL_RECORD_FILTERS = [
  'status',
  'label',
  'uploadedBy',
  'uploaderVet',
  'from',
  'to',
  'petUuid',
] as const satisfies readonly (keyof MedicalRecordsSearch)[];

function dayStart(value: string, next = false): number | undefined {
  const date = localDay(value, next ? 1 : 0);
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

/** The API's query for the page's search; `me` is the logged-in vet's uuid, which `uploaderVet=me` names. */
export function medicalRecordsListQuery(
  search: MedicalRecordsSearch,
  me: string | undefined,
): MedicalRecordListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    status: search.status,
    labelUuid: search.label,
    uploadedBy: search.uploadedBy,
    uploadedByVetUuid: search.uploaderVet === 'me' ? me : search.uploaderVet,
    petUuid: search.petUuid,
    uploadedFrom: search.from ? dayStart(search.from) : undefined,
    // The range's last day is included: the API's bound is exclusive.
    uploadedTo: search.to ? dayStart(search.to, true) : undefined,
  };
}
