import { z } from 'zod';
import { personRefSchema, timestampSchema } from './common.ts';
import { pendingCardSeverities } from './enums.ts';

/**
 * What is open about one pet, in the order the profile's "Needs attention" shows it (issue #39 §2):
 * the cards first, by severity; then what is due, then what waits for a vet's review or answer.
 */
export const petAttentionKinds = [
  'pending_card',
  'reminder',
  'checkup',
  'medical_record',
  'question',
] as const;
export type PetAttentionKind = (typeof petAttentionKinds)[number];

/** The heading of each group, one or many (`Intl.PluralRules` picks). */
export const petAttentionKindLabels: Record<PetAttentionKind, { one: string; other: string }> = {
  pending_card: { one: 'Open card', other: 'Open cards' },
  reminder: { one: 'Reminder due', other: 'Reminders due' },
  checkup: { one: 'Checkup to review', other: 'Checkups to review' },
  medical_record: { one: 'Record to review', other: 'Records to review' },
  question: { one: 'Open question', other: 'Open questions' },
};

export const petAttentionItemSchema = z.object({
  uuid: z.uuid(),
  /** What a vet calls it: the card's concern, the reminder's title, the pool's name, the file's name, the question. */
  title: z.string(),
  /** One more line when there is one: the card's latest trigger, "Problematic answers". */
  detail: z.string().nullable(),
  /** Cards only. */
  severity: z.enum(pendingCardSeverities).nullable(),
  /** Since when it waits: opened, answered, uploaded, asked; a reminder's due time. */
  since: timestampSchema,
  /** A reminder past its due time. */
  overdue: z.boolean(),
  /** Who has taken it: a card's claimer, a reminder's assignee. */
  claimedBy: personRefSchema.nullable(),
  /** The dashboard page that handles it. */
  link: z.string(),
});
export type PetAttentionItem = z.infer<typeof petAttentionItemSchema>;

export const petAttentionGroupSchema = z.object({
  kind: z.enum(petAttentionKinds),
  /** How many there are; `items` holds the first `PET_ATTENTION_LISTED` of them. */
  total: z.number().int(),
  items: z.array(petAttentionItemSchema),
});
export type PetAttentionGroup = z.infer<typeof petAttentionGroupSchema>;

/** Items listed per group: the section is a summary; each group's page has the rest. */
export const PET_ATTENTION_LISTED = 5;

export const petAttentionResponseSchema = z.object({
  /** Only the groups with something open, in `petAttentionKinds` order; empty when nothing is. */
  groups: z.array(petAttentionGroupSchema),
  /** The most severe open card's severity, for the pet's header; null without an open card. */
  highestSeverity: z.enum(pendingCardSeverities).nullable(),
});
export type PetAttentionResponse = z.infer<typeof petAttentionResponseSchema>;
