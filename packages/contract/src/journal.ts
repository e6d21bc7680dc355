import { z } from 'zod';
import {
  listQuerySchemas,
  paginationSchema,
  personRefSchema,
  searchTermSchema,
  text,
  timestampSchema,
} from './common.ts';
import { dietPlanSchema } from './diets.ts';
import { journalCategories, journalSortFields, journalStatuses } from './enums.ts';
import { itemPendingCardSchema } from './pending-cards.ts';
import { inboxPetSchema } from './pet-alerts.ts';
import { latestTrackersResponseSchema } from './trackers.ts';

export const journalCategorySchema = z.enum(journalCategories);
export type JournalCategory = z.infer<typeof journalCategorySchema>;
export const journalStatusSchema = z.enum(journalStatuses);
export type JournalStatus = z.infer<typeof journalStatusSchema>;
export const journalSeveritySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type JournalSeverity = z.infer<typeof journalSeveritySchema>;

/** A photo an owner attached to an entry: PNG, JPEG or WebP by its bytes, at most 10 MB. */
export const JOURNAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const JOURNAL_MAX_PHOTOS = 6;
export const JOURNAL_NOTES_MAX = 5000;

/**
 * What the owner app sends (the `entry` part of `POST /v1/journal-entries`): `uuid` is the app's own id
 * for the entry, so sending it again (a retry after a lost answer) stores nothing twice.
 */
export const journalEntryIngestSchema = z.strictObject({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  category: journalCategorySchema,
  severity: journalSeveritySchema,
  notes: text().trim().max(JOURNAL_NOTES_MAX).default(''),
  occurredAt: timestampSchema,
});
export type JournalEntryIngest = z.infer<typeof journalEntryIngestSchema>;

export const journalPhotoSchema = z.object({
  uuid: z.uuid(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type JournalPhoto = z.infer<typeof journalPhotoSchema>;

export const journalEntrySummarySchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  category: journalCategorySchema,
  severity: journalSeveritySchema,
  notes: z.string(),
  photoCount: z.number().int(),
  occurredAt: timestampSchema,
  receivedAt: timestampSchema,
  status: journalStatusSchema,
  seenBy: personRefSchema.nullable(),
  seenAt: timestampSchema.nullable(),
  repliedBy: personRefSchema.nullable(),
  repliedAt: timestampSchema.nullable(),
  resolvedBy: personRefSchema.nullable(),
  resolvedAt: timestampSchema.nullable(),
});
export type JournalEntrySummary = z.infer<typeof journalEntrySummarySchema>;

/** How the outbox mail that carries a reply to the owner is doing (the mail module's statuses). */
export const journalReplyMailStatuses = ['queued', 'sent', 'failed', 'logged'] as const;

/** One reply of the vets to the owner, in the order they were written; each went out as its own e-mail. */
export const journalVetReplySchema = z.object({
  /** 0 for the first reply, then 1, 2…: the thread's order. */
  position: z.number().int(),
  reply: z.string(),
  repliedBy: personRefSchema.nullable(),
  repliedAt: timestampSchema,
  /** The e-mail to the owner; null once the outbox row is gone. */
  mailStatus: z.enum(journalReplyMailStatuses).nullable(),
});
export type JournalVetReply = z.infer<typeof journalVetReplySchema>;

export const journalEntrySchema = journalEntrySummarySchema.extend({
  photos: z.array(journalPhotoSchema),
  /** The latest reply's text (the summary's `repliedBy` and `repliedAt` are its author and time). */
  vetReply: z.string().nullable(),
  /** Every reply, oldest first: a new reply is added to the thread, never replaces one. */
  replies: z.array(journalVetReplySchema),
  /** The cards this entry raised or fed, newest first. */
  pendingCards: z.array(itemPendingCardSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalEntryResponseSchema = z.object({ journalEntry: journalEntrySchema });
export type JournalEntryResponse = z.infer<typeof journalEntryResponseSchema>;

/** One entry with what a vet needs beside it: the pet's latest vitals, current diet plan and other entries. */
export const journalEntryDetailResponseSchema = z.object({
  journalEntry: journalEntrySchema,
  context: z.object({
    latestTrackers: latestTrackersResponseSchema,
    dietPlan: dietPlanSchema.nullable(),
    /** The pet's other entries of the last 30 days, newest first. */
    recentEntries: z.array(journalEntrySummarySchema),
  }),
});
export type JournalEntryDetailResponse = z.infer<typeof journalEntryDetailResponseSchema>;

const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

const journalListQueries = listQuerySchemas(
  journalSortFields,
  { sort: 'inbox', order: 'asc' },
  {
    status: journalStatusSchema.optional(),
    category: journalCategorySchema.optional(),
    severity: z.coerce.number().int().min(1).max(3).optional(),
    petUuid: z.uuid().optional(),
    /** Occurred from (unix seconds, inclusive). */
    occurredFrom: unixSeconds.optional(),
    /** Occurred before (unix seconds, exclusive). */
    occurredTo: unixSeconds.optional(),
  },
);
export const journalListQuerySchema = journalListQueries.list;
export type JournalListQuery = z.infer<typeof journalListQuerySchema>;

export const journalListResponseSchema = z.object({
  journalEntries: z.array(journalEntrySummarySchema),
  pagination: paginationSchema,
  /** How many entries match the filters in each status (the status filter left out). */
  counts: z.object({ new: z.number().int(), seen: z.number().int(), resolved: z.number().int() }),
});
export type JournalListResponse = z.infer<typeof journalListResponseSchema>;

export const journalReplySchema = z.strictObject({ reply: text().trim().min(1).max(JOURNAL_NOTES_MAX) });
export type JournalReply = z.infer<typeof journalReplySchema>;

export const journalMarkSeenSchema = z.strictObject({ entryUuids: z.array(z.uuid()).min(1).max(200) });
export type JournalMarkSeen = z.infer<typeof journalMarkSeenSchema>;

/**
 * At most this many entries are marked seen by one "mark all matching" request; above it the request is
 * refused whole (409) and the vet narrows the filters, so nobody clears a months-long backlog by one click.
 */
export const JOURNAL_MARK_MATCHING_MAX = 500;

/** `POST /v1/journal-entries/seen-matching`: every new entry the inbox's filters match (the status filter aside). */
export const journalMarkMatchingSeenSchema = z.strictObject({
  search: searchTermSchema,
  category: journalCategorySchema.optional(),
  severity: z.number().int().min(1).max(3).optional(),
  petUuid: z.uuid().optional(),
  occurredFrom: unixSeconds.optional(),
  occurredTo: unixSeconds.optional(),
});
export type JournalMarkMatchingSeen = z.infer<typeof journalMarkMatchingSeenSchema>;

export const journalMarkSeenResponseSchema = z.object({
  /** The entries that were new and are now seen; the others were left as they were. */
  marked: z.number().int(),
});
