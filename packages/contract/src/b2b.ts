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
import { companyKindSchema, companySkuSchema } from './companies.ts';
import {
  companyEmailKinds,
  dailyStatusFilters,
  emailDeliveryStatuses,
  MAX_DAILY_STATUS_LENGTH,
} from './enums.ts';
import { petAlertBadgeSchema } from './pet-alerts.ts';
import { latestTrackersResponseSchema } from './trackers.ts';

/** The text a vet writes about a pet's day: trimmed, 1–2,000 characters. */
export const dailyStatusTextSchema = text()
  .trim()
  .min(1, 'Write the text')
  .max(MAX_DAILY_STATUS_LENGTH, `At most ${MAX_DAILY_STATUS_LENGTH.toLocaleString('en-GB')} characters`);

export const dailyStatusFilterSchema = z.enum(dailyStatusFilters);
export type DailyStatusFilter = z.infer<typeof dailyStatusFilterSchema>;

export const dailyStatusEditSchema = z.object({
  dailyStatus: z.string(),
  by: personRefSchema.nullable(),
  at: timestampSchema,
});

export const dailyStatusSchema = z.object({
  uuid: z.uuid(),
  companySku: z.string(),
  petUuid: z.uuid(),
  petName: z.string(),
  date: calendarDateSchema,
  dailyStatus: z.string(),
  author: personRefSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.nullable(),
  updatedBy: personRefSchema.nullable(),
  /** Earlier texts replaced by edits, oldest first. */
  edits: z.array(dailyStatusEditSchema),
});
export type DailyStatus = z.infer<typeof dailyStatusSchema>;

export const dailyStatusResponseSchema = z.object({ dailyStatus: dailyStatusSchema });
export type DailyStatusResponse = z.infer<typeof dailyStatusResponseSchema>;

export const dailyStatusCreateSchema = z.object({
  petUuid: z.uuid(),
  date: calendarDateSchema,
  dailyStatus: dailyStatusTextSchema,
});
export type DailyStatusCreate = z.infer<typeof dailyStatusCreateSchema>;

export const dailyStatusUpdateSchema = z.object({ dailyStatus: dailyStatusTextSchema });
export type DailyStatusUpdate = z.infer<typeof dailyStatusUpdateSchema>;

export const dailyStatusListQuerySchema = z.object({
  sku: companySkuSchema.optional(),
  petUuid: z.uuid().optional(),
  /** Inclusive range of days. */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(30),
});
export type DailyStatusListQuery = z.infer<typeof dailyStatusListQuerySchema>;

export const dailyStatusListResponseSchema = z.object({
  dailyStatuses: z.array(dailyStatusSchema),
  pagination: paginationSchema,
});
export type DailyStatusListResponse = z.infer<typeof dailyStatusListResponseSchema>;

const b2bPetsQueries = listQuerySchemas(
  ['name'] as const,
  { sort: 'name', order: 'asc' },
  {
    sku: companySkuSchema,
    date: isoDaySchema.optional(),
    status: dailyStatusFilterSchema.optional(),
  },
);
export const b2bPetsQuerySchema = b2bPetsQueries.list;
export type B2bPetsQuery = z.infer<typeof b2bPetsQuerySchema>;

export const b2bPetSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  species: z.string(),
  breed: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Its active patient alerts, as in every list of pets a vet works through (issue #39 §2). */
  alerts: z.array(petAlertBadgeSchema),
  dailyStatus: dailyStatusSchema.nullable(),
});
export type B2bPet = z.infer<typeof b2bPetSchema>;

export const b2bPetsResponseSchema = z.object({
  date: calendarDateSchema,
  pets: z.array(b2bPetSchema),
  pagination: paginationSchema,
  /** For the whole company on that day, whatever the filters. */
  counts: z.object({ pets: z.number().int(), written: z.number().int(), missing: z.number().int() }),
});
export type B2bPetsResponse = z.infer<typeof b2bPetsResponseSchema>;

export const companyEmailKindSchema = z.enum(companyEmailKinds);
export type CompanyEmailKind = z.infer<typeof companyEmailKindSchema>;
export const emailDeliveryStatusSchema = z.enum(emailDeliveryStatuses);
export type EmailDeliveryStatus = z.infer<typeof emailDeliveryStatusSchema>;

/** One e-mail sent to a company's contact: to, subject, when, by whom, and how its delivery went. */
export const companyEmailSchema = z.object({
  uuid: z.uuid(),
  kind: companyEmailKindSchema,
  to: z.string(),
  subject: z.string(),
  /** The day of the statuses it carries (daily e-mails). */
  date: calendarDateSchema.nullable(),
  pet: personRefSchema.nullable(),
  /** What an urgent report said (null for daily e-mails, and for reports sent before it was kept). */
  reportText: z.string().nullable(),
  sentBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  status: emailDeliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type CompanyEmail = z.infer<typeof companyEmailSchema>;

export const companyEmailListQuerySchema = z.object({
  sku: companySkuSchema,
  kind: companyEmailKindSchema.optional(),
  /** One pet's e-mails (its urgent reports), for its status history. */
  petUuid: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});
export type CompanyEmailListQuery = z.infer<typeof companyEmailListQuerySchema>;

export const companyEmailListResponseSchema = z.object({
  emails: z.array(companyEmailSchema),
  pagination: paginationSchema,
});
export type CompanyEmailListResponse = z.infer<typeof companyEmailListResponseSchema>;

export const companyEmailsResponseSchema = z.object({ emails: z.array(companyEmailSchema) });
export type CompanyEmailsResponse = z.infer<typeof companyEmailsResponseSchema>;

export const dailyStatusEmailSchema = z.object({
  sku: companySkuSchema,
  date: calendarDateSchema,
  /** Send it although that day's e-mail already went (the vet was told when and by whom). */
  resend: z.boolean().optional(),
});
export type DailyStatusEmail = z.infer<typeof dailyStatusEmailSchema>;

export const urgentReportEmailSchema = z.object({
  petUuid: z.uuid(),
  text: dailyStatusTextSchema,
});
export type UrgentReportEmail = z.infer<typeof urgentReportEmailSchema>;

/** What would be sent: the recipients and the rendered mail, before the vet sends it. */
export const emailPreviewSchema = z.object({
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** The daily e-mail's preview, with what the vet should know before sending it. */
export const dailyStatusEmailPreviewSchema = emailPreviewSchema.extend({
  /** The company's pets, and those with no status that day: the first 50 by name, and how many in all. */
  companyPets: z.number().int(),
  petsWithoutStatus: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  petsWithoutStatusCount: z.number().int(),
  /** The first e-mail of that day's statuses already sent: when, by whom, to how many. */
  alreadySent: z
    .object({ at: timestampSchema, by: personRefSchema.nullable(), recipients: z.number().int() })
    .nullable(),
});
export type DailyStatusEmailPreview = z.infer<typeof dailyStatusEmailPreviewSchema>;

export const b2bCompanySummarySchema = z.object({
  sku: z.string(),
  name: z.string(),
  kind: companyKindSchema,
  petsCount: z.number().int(),
  writtenCount: z.number().int(),
  lastDailyEmail: z
    .object({
      at: timestampSchema,
      by: personRefSchema.nullable(),
      status: emailDeliveryStatusSchema,
      date: calendarDateSchema.nullable(),
    })
    .nullable(),
});
export type B2bCompanySummary = z.infer<typeof b2bCompanySummarySchema>;

export const b2bCompaniesQuerySchema = z.object({
  date: isoDaySchema.optional(),
  search: searchTermSchema,
});
export type B2bCompaniesQuery = z.infer<typeof b2bCompaniesQuerySchema>;

export const b2bCompaniesResponseSchema = z.object({
  date: calendarDateSchema,
  companies: z.array(b2bCompanySummarySchema),
});
export type B2bCompaniesResponse = z.infer<typeof b2bCompaniesResponseSchema>;

/** The urgent report's pet page: the pet, its company and latest vitals. */
export const b2bPetDetailsSchema = z.object({
  pet: z.object({
    uuid: z.uuid(),
    name: z.string(),
    species: z.string(),
    breed: z.string().nullable(),
    ownerName: z.string().nullable(),
  }),
  company: z.object({ sku: z.string(), name: z.string(), urgentReportEmails: z.array(z.string()) }),
  latestVitals: latestTrackersResponseSchema,
});
export type B2bPetDetails = z.infer<typeof b2bPetDetailsSchema>;
