import { z } from 'zod';
import { listQuerySchemas, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import {
  pendingCardAssignments,
  pendingCardConcerns,
  pendingCardItemStates,
  pendingCardSeverities,
  pendingCardSortFields,
  pendingCardStatuses,
  pendingCardTriggerKinds,
  pendingCardViews,
} from './enums.ts';
import { inboxPetSchema } from './pet-alerts.ts';

export const pendingCardConcernSchema = z.enum(pendingCardConcerns);
export type PendingCardConcern = z.infer<typeof pendingCardConcernSchema>;
export const pendingCardSeveritySchema = z.enum(pendingCardSeverities);
export type PendingCardSeverity = z.infer<typeof pendingCardSeveritySchema>;
export const pendingCardStatusSchema = z.enum(pendingCardStatuses);
export type PendingCardStatus = z.infer<typeof pendingCardStatusSchema>;
export const pendingCardTriggerKindSchema = z.enum(pendingCardTriggerKinds);
export const pendingCardItemStateSchema = z.enum(pendingCardItemStates);
export type PendingCardItemState = z.infer<typeof pendingCardItemStateSchema>;

/** The card page's words for what an open trigger's item waits for. */
export const pendingCardItemStateLabels: Record<PendingCardItemState, string> = {
  awaiting_review: 'Awaiting review',
  awaiting_reply: 'Awaiting a reply',
  awaiting_answer: 'Awaiting an answer',
};
export type PendingCardTriggerKind = z.infer<typeof pendingCardTriggerKindSchema>;

export const pendingCardConcernLabels: Record<PendingCardConcern, string> = {
  respiratory: 'Respiratory rate',
  weight: 'Weight',
  checkup: 'Checkup',
  journal: 'Journal',
  collar_data: 'Collar data',
};

export const pendingCardSeverityLabels: Record<PendingCardSeverity, string> = {
  high: 'High',
  'high-orange': 'High-orange',
  'high-red': 'High-red',
};

/** 1 (high) to 3 (high-red): the order the queue sorts by, stored as a number. */
export function severityRank(severity: PendingCardSeverity): 1 | 2 | 3 {
  return (pendingCardSeverities.indexOf(severity) + 1) as 1 | 2 | 3;
}
export function severityOfRank(rank: number): PendingCardSeverity {
  return pendingCardSeverities[Math.min(3, Math.max(1, rank)) - 1] as PendingCardSeverity;
}

/** `GET /v1/pending-cards/triggers`: every kind of trigger, the concern it feeds and how severe it is. */
export const pendingCardTriggerKindInfo: Record<
  PendingCardTriggerKind,
  { label: string; concern: PendingCardConcern; severity: PendingCardSeverity }
> = {
  respiratory_high: { label: 'Sleeping respiratory rate high', concern: 'respiratory', severity: 'high' },
  respiratory_high_orange: {
    label: 'Sleeping respiratory rate high (orange)',
    concern: 'respiratory',
    severity: 'high-orange',
  },
  respiratory_high_red: {
    label: 'Sleeping respiratory rate high (red)',
    concern: 'respiratory',
    severity: 'high-red',
  },
  respiratory_low: {
    label: 'Sleeping respiratory rate low',
    concern: 'respiratory',
    severity: 'high-orange',
  },
  weight_change: { label: 'Weight changed by more than 5 % in a month', concern: 'weight', severity: 'high' },
  weight_target: { label: 'Weight more than 3 % away from target', concern: 'weight', severity: 'high' },
  weight_off_plan: {
    label: "Behind the diet's weight plan",
    concern: 'weight',
    severity: 'high',
  },
  checkup_problematic: { label: 'Problematic checkup answers', concern: 'checkup', severity: 'high-orange' },
  journal_severe: { label: 'Severe journal entry', concern: 'journal', severity: 'high-red' },
  collar_data_gap: {
    label: 'Collar data for less than half of the last 48 hours',
    concern: 'collar_data',
    severity: 'high',
  },
};

export const pendingCardTriggerKindsResponseSchema = z.object({
  triggers: z.array(
    z.object({
      kind: pendingCardTriggerKindSchema,
      label: z.string(),
      concern: pendingCardConcernSchema,
      severity: pendingCardSeveritySchema,
    }),
  ),
});
export type PendingCardTriggerKindsResponse = z.infer<typeof pendingCardTriggerKindsResponseSchema>;

/** What raised a trigger: the checkup, journal entry or weight entry it links to (none for readings). */
export const triggerSourceSchema = z.object({ entity: z.string(), uuid: z.string() });

export const pendingCardTriggerSchema = z.object({
  uuid: z.uuid(),
  kind: pendingCardTriggerKindSchema,
  label: z.string(),
  severity: pendingCardSeveritySchema,
  /** The measured value (breaths/min, kg, hours of data, problematic answers), when there is one. */
  value: z.number().nullable(),
  /** The threshold the value crossed, in the same unit. */
  threshold: z.number().nullable(),
  unit: z.string().nullable(),
  /** One sentence a vet reads ("Luna's collar sent data for 9 of the last 48 hours"). */
  detail: z.string().nullable(),
  source: triggerSourceSchema.nullable(),
  at: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  resolvedBy: personRefSchema.nullable(),
  resolutionNote: z.string().nullable(),
  /**
   * Resolved by the handling of its `source` (the checkup reviewed, the journal entry replied to, the
   * owner's question answered), the resolver being the vet who did it; false when resolved on the card.
   */
  resolvedByItem: z.boolean(),
  /**
   * Came after the card was resolved, within its concern's quiet period and no worse than what the card
   * was resolved with: kept here instead of opening a repeat card (issue #39).
   */
  heldBack: z.boolean(),
  /**
   * While the trigger is open, what its `source` item still waits for (the checkup's review, a reply to the
   * journal entry, the answer to the question), read from the item's own module; null otherwise.
   */
  itemState: pendingCardItemStateSchema.nullable(),
});
export type PendingCardTrigger = z.infer<typeof pendingCardTriggerSchema>;

export const pendingCardSummarySchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  companySku: z.string().nullable(),
  concern: pendingCardConcernSchema,
  severity: pendingCardSeveritySchema,
  status: pendingCardStatusSchema,
  openedAt: timestampSchema,
  lastTriggerAt: timestampSchema,
  triggerCount: z.number().int(),
  openTriggerCount: z.number().int(),
  /** The newest trigger: what the queue shows as "value vs threshold". */
  latestTrigger: pendingCardTriggerSchema.nullable(),
  claimedBy: personRefSchema.nullable(),
  claimedAt: timestampSchema.nullable(),
  snoozedUntil: timestampSchema.nullable(),
  snoozedBy: personRefSchema.nullable(),
  snoozeReason: z.string().nullable(),
  resolvedAt: timestampSchema.nullable(),
  /** Null when the card resolved itself (every trigger resolved by the system). */
  resolvedBy: personRefSchema.nullable(),
  resolutionNote: z.string().nullable(),
});
export type PendingCardSummary = z.infer<typeof pendingCardSummarySchema>;

/**
 * A card an item (a checkup, a journal entry, an owner's question) raised or fed, as the item's own page
 * shows it: the case it belongs to, who has it, and whether this item's part of it is handled.
 */
export const itemPendingCardSchema = z.object({
  uuid: z.uuid(),
  concern: pendingCardConcernSchema,
  severity: pendingCardSeveritySchema,
  status: pendingCardStatusSchema,
  claimedBy: personRefSchema.nullable(),
  /** Every trigger this item raised on the card is resolved (by the item's handling or on the card). */
  triggerResolved: z.boolean(),
});
export type ItemPendingCard = z.infer<typeof itemPendingCardSchema>;

export const pendingCardSchema = pendingCardSummarySchema.extend({
  /** The last reopening of a resolved card: when, by whom and why (null if it was never reopened). */
  reopenedAt: timestampSchema.nullable(),
  reopenedBy: personRefSchema.nullable(),
  reopenReason: z.string().nullable(),
  triggers: z.array(pendingCardTriggerSchema),
  /** The pet's other open cards. */
  otherOpenCards: z.array(pendingCardSummarySchema),
  /** The pet's resolved cards of the same concern, newest first. */
  history: z.array(pendingCardSummarySchema),
});
export type PendingCard = z.infer<typeof pendingCardSchema>;

export const pendingCardResponseSchema = z.object({ pendingCard: pendingCardSchema });
export type PendingCardResponse = z.infer<typeof pendingCardResponseSchema>;

const pendingCardListQueries = listQuerySchemas(
  pendingCardSortFields,
  { sort: 'queue', order: 'desc' },
  {
    view: z.enum(pendingCardViews).default('open'),
    concern: pendingCardConcernSchema.optional(),
    severity: pendingCardSeveritySchema.optional(),
    assignment: z.enum(pendingCardAssignments).optional(),
    companySku: text().trim().max(100).optional(),
    petUuid: z.uuid().optional(),
  },
);
export const pendingCardListQuerySchema = pendingCardListQueries.list;
export type PendingCardListQuery = z.infer<typeof pendingCardListQuerySchema>;

export const pendingCardListResponseSchema = z.object({
  pendingCards: z.array(pendingCardSummarySchema),
  pagination: paginationSchema,
});
export type PendingCardListResponse = z.infer<typeof pendingCardListResponseSchema>;

const note = text().trim().max(2000);

export const pendingCardResolveSchema = z.strictObject({ note: note.min(1, 'A note is required') });
export type PendingCardResolve = z.infer<typeof pendingCardResolveSchema>;

export const pendingCardTriggerResolveSchema = z.strictObject({ note: note.optional() });
export type PendingCardTriggerResolve = z.infer<typeof pendingCardTriggerResolveSchema>;

/** Reopening a resolved card: the vet says why it is not done. */
export const pendingCardReopenSchema = z.strictObject({ reason: note.min(1, 'A reason is required') });
export type PendingCardReopen = z.infer<typeof pendingCardReopenSchema>;

export const pendingCardSnoozeSchema = z.strictObject({
  until: timestampSchema,
  reason: note.min(1, 'A reason is required'),
});
export type PendingCardSnooze = z.infer<typeof pendingCardSnoozeSchema>;

export const pendingCardBulkResolveSchema = z.strictObject({
  uuids: z.array(z.uuid()).min(1).max(100),
  note: note.min(1, 'A note is required'),
});
export type PendingCardBulkResolve = z.infer<typeof pendingCardBulkResolveSchema>;

export const pendingCardBulkResolveResponseSchema = z.object({
  /** The cards resolved by this call (cards already resolved are left as they were). */
  resolved: z.array(z.uuid()),
});
