import { z } from 'zod';
import { personRefSchema, text, timestampSchema } from './common.ts';

/**
 * Patient alerts (issue #39 §2): what every vet must know before touching or treating the pet, beside its
 * allergies. A fixed list a practice recognises at a glance, and `other` in the vet's own words.
 */
export const petAlertKinds = [
  'will_bite',
  'nervous',
  'senior',
  'contagious',
  'do_not_sedate',
  'other',
] as const;
export type PetAlertKind = (typeof petAlertKinds)[number];

export const petAlertKindLabels: Record<Exclude<PetAlertKind, 'other'>, string> = {
  will_bite: 'Will bite',
  nervous: 'Nervous',
  senior: 'Senior',
  contagious: 'Contagious',
  do_not_sedate: 'Do not sedate',
};

export const petAlertSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(petAlertKinds),
  /** What the pet's header shows: the kind's label, or the vet's words for `other`. */
  label: z.string(),
  createdBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
});
export type PetAlert = z.infer<typeof petAlertSchema>;

export const petAlertListResponseSchema = z.object({ petAlerts: z.array(petAlertSchema) });
export type PetAlertListResponse = z.infer<typeof petAlertListResponseSchema>;

export const petAlertCreateSchema = z
  .strictObject({
    kind: z.enum(petAlertKinds),
    /** The alert in the vet's words: required for `other`, refused for the others. */
    text: text().trim().max(60).optional(),
  })
  .superRefine((body, context) => {
    if (body.kind === 'other' && !body.text)
      context.addIssue({ code: 'custom', message: 'Say what to watch out for', path: ['text'] });
    if (body.kind !== 'other' && body.text)
      context.addIssue({ code: 'custom', message: 'Only an “other” alert has words', path: ['text'] });
  });
export type PetAlertCreate = z.infer<typeof petAlertCreateSchema>;

/**
 * An active alert as a list shows it beside the pet's name (search hits, inbox rows): what it is and its
 * words, no more; who set it and when are on the pet's own pages.
 */
export const petAlertBadgeSchema = z.object({ kind: z.enum(petAlertKinds), label: z.string() });
export type PetAlertBadge = z.infer<typeof petAlertBadgeSchema>;

/** The pet of an inbox row: its name and its active alerts, oldest first (issue #39 §2). */
export const inboxPetSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  alerts: z.array(petAlertBadgeSchema),
});
export type InboxPet = z.infer<typeof inboxPetSchema>;
