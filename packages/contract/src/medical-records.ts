import { z } from 'zod';
import {
  calendarDateSchema,
  isoDaySchema,
  listQuerySchemas,
  paginationSchema,
  personRefSchema,
  searchTermSchema,
  text,
  timestampSchema,
} from './common.ts';
import {
  labelColors,
  labelSortFields,
  medicalRecordSortFields,
  medicalRecordStatuses,
  medicalRecordUploaders,
} from './enums.ts';
import { inboxPetSchema } from './pet-alerts.ts';

/** SPEC §9: the labels and a pet's medical records are asked for page 1, 200 a page. */
export const RECORDS_PAGE = { page: 1, pageSize: 200 } as const;

/** A record's file: a PDF, JPEG, PNG or WebP (by its bytes) of at most 20 MB. */
export const MEDICAL_RECORD_MAX_BYTES = 20 * 1024 * 1024;

/** The types a record's file may have, as the API recognises them by their bytes. */
export const MEDICAL_RECORD_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/** What the API's 413 and 415 say; the dashboard says the same when it refuses a file before sending it. */
export const MEDICAL_RECORD_UPLOAD_MESSAGES = {
  tooLarge: `The file is larger than ${MEDICAL_RECORD_MAX_BYTES / (1024 * 1024)} MB: nothing was stored`,
  unsupportedType: 'The file must be a PDF, JPEG, PNG or WebP (by its content): nothing was stored',
} as const;

export const labelColorSchema = z.enum(labelColors);
export type LabelColor = z.infer<typeof labelColorSchema>;
export const medicalRecordStatusSchema = z.enum(medicalRecordStatuses);
export type MedicalRecordStatus = z.infer<typeof medicalRecordStatusSchema>;
export const medicalRecordUploaderSchema = z.enum(medicalRecordUploaders);

// --- Labels ---

export const labelRefSchema = z.object({ uuid: z.uuid(), name: z.string(), color: labelColorSchema });
export type LabelRef = z.infer<typeof labelRefSchema>;

export const labelSchema = labelRefSchema.extend({
  archived: z.boolean(),
  /** Records carrying the label. */
  recordCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Label = z.infer<typeof labelSchema>;

const labelListQueries = listQuerySchemas(
  labelSortFields,
  { sort: 'name', order: 'asc' },
  {
    /** `active` (the default) leaves archived labels out; `archived` lists only them; `all` both. */
    status: z.enum(['active', 'archived', 'all']).optional(),
  },
);
export const labelListQuerySchema = labelListQueries.list;
export type LabelListQuery = z.infer<typeof labelListQuerySchema>;

export const labelListResponseSchema = z.object({
  labels: z.array(labelSchema),
  pagination: paginationSchema,
});
export type LabelListResponse = z.infer<typeof labelListResponseSchema>;

const labelName = text().trim().min(1, 'Enter a name').max(60);

export const labelCreateSchema = z.strictObject({
  name: labelName,
  color: labelColorSchema.default('blue'),
});
export type LabelCreate = z.infer<typeof labelCreateSchema>;

export const labelPatchSchema = z.strictObject({
  name: labelName.optional(),
  color: labelColorSchema.optional(),
  archived: z.boolean().optional(),
});
export type LabelPatch = z.infer<typeof labelPatchSchema>;

export const labelMergeSchema = z.strictObject({
  /** The label that stays: every record of the merged one moves to it, and the merged one is removed. */
  intoUuid: z.uuid(),
});
export type LabelMerge = z.infer<typeof labelMergeSchema>;

export const labelResponseSchema = z.object({ label: labelSchema });
export type LabelResponse = z.infer<typeof labelResponseSchema>;

// --- Medical records ---

export const medicalRecordSchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  title: z.string(),
  documentDate: calendarDateSchema,
  file: z.object({
    uuid: z.uuid(),
    /** The name it was uploaded with, which a download keeps. */
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    url: z.string(),
  }),
  labels: z.array(labelRefSchema),
  status: medicalRecordStatusSchema,
  uploadedBy: z.object({ kind: medicalRecordUploaderSchema, vet: personRefSchema.nullable() }),
  uploadedAt: timestampSchema,
  reviewedBy: personRefSchema.nullable(),
  reviewedAt: timestampSchema.nullable(),
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

const medicalRecordListQueries = listQuerySchemas(
  medicalRecordSortFields,
  { sort: 'inbox', order: 'asc' },
  {
    petUuid: z.uuid().optional(),
    status: medicalRecordStatusSchema.optional(),
    labelUuid: z.uuid().optional(),
    uploadedBy: medicalRecordUploaderSchema.optional(),
    /** Uploaded by this vet (implies `uploadedBy=vet`). */
    uploadedByVetUuid: z.uuid().optional(),
    /** Uploaded from (unix seconds, inclusive). */
    uploadedFrom: unixSeconds.optional(),
    /** Uploaded before (unix seconds, exclusive). */
    uploadedTo: unixSeconds.optional(),
  },
);
export const medicalRecordListQuerySchema = medicalRecordListQueries.list;
export type MedicalRecordListQuery = z.infer<typeof medicalRecordListQuerySchema>;

export const medicalRecordListResponseSchema = z.object({
  medicalRecords: z.array(medicalRecordSchema),
  pagination: paginationSchema,
  /** How many records match the filters in each status (the status filter left out). */
  counts: z.object({ pending: z.number().int(), reviewed: z.number().int() }),
});
export type MedicalRecordListResponse = z.infer<typeof medicalRecordListResponseSchema>;

/**
 * At most this many records are marked reviewed by one "review all matching" request; above it the
 * request is refused whole (409) and the vet narrows the filters.
 */
export const MEDICAL_RECORD_REVIEW_MATCHING_MAX = 500;

/** `POST /v1/medical-records/review-matching`: every pending record the inbox's filters match. */
export const medicalRecordReviewMatchingSchema = z.strictObject({
  search: searchTermSchema,
  petUuid: z.uuid().optional(),
  labelUuid: z.uuid().optional(),
  uploadedBy: medicalRecordUploaderSchema.optional(),
  uploadedByVetUuid: z.uuid().optional(),
  uploadedFrom: unixSeconds.optional(),
  uploadedTo: unixSeconds.optional(),
});
export type MedicalRecordReviewMatching = z.infer<typeof medicalRecordReviewMatchingSchema>;

export const medicalRecordReviewMatchingResponseSchema = z.object({ reviewed: z.number().int() });

export const medicalRecordResponseSchema = z.object({ medicalRecord: medicalRecordSchema });
export type MedicalRecordResponse = z.infer<typeof medicalRecordResponseSchema>;

/** The fields of an upload (multipart fields before the `file` part). */
export const medicalRecordUploadFieldsSchema = z.strictObject({
  petUuid: z.uuid(),
  /** The file's name without its extension when left out. */
  title: text().trim().max(200).optional(),
  /** `YYYY-MM-DD`; the upload's day when left out. */
  documentDate: isoDaySchema.optional(),
});
export type MedicalRecordUploadFields = z.infer<typeof medicalRecordUploadFieldsSchema>;

/**
 * An upload from the owner app: the same fields with the app's own id for the record, so a retried
 * upload is recognised and stored once.
 */
export const medicalRecordOwnerUploadFieldsSchema = medicalRecordUploadFieldsSchema.extend({
  uuid: z.uuid(),
});
export type MedicalRecordOwnerUploadFields = z.infer<typeof medicalRecordOwnerUploadFieldsSchema>;

export const medicalRecordPatchSchema = z.strictObject({
  title: text().trim().min(1, 'Enter a title').max(200).optional(),
  documentDate: calendarDateSchema.optional(),
  labelUuids: z.array(z.uuid()).max(20).optional(),
});
export type MedicalRecordPatch = z.infer<typeof medicalRecordPatchSchema>;
