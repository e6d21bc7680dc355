import { z } from 'zod';

/** Every kind of change a dashboard may be showing; the next modules add theirs here. */
export const domainEventTypes = [
  'pet.edited',
  'weight.entry_added',
  'weight.entry_corrected',
  'thresholds.changed',
  'diet.created',
  'diet.changed',
  'diet.published',
  'diet.deleted',
  'vet.changed',
  'beta.enrolled',
  'form.changed',
  'checkup.sent',
  'checkup.answered',
  // In addition to `checkup.answered` when an answer is problematic: the signal triage subscribes to.
  'checkup.problematic',
  'checkup.reviewed',
  'journal.received',
  // In addition to `journal.received` for a severity-3 entry: the signal triage subscribes to.
  'journal.severe',
  'journal.changed',
  'pending_card.opened',
  'pending_card.changed',
  'daily_status.written',
  'daily_status.edited',
  'daily_status.deleted',
  'company.changed',
  'company.emailed',
  'medical_record.uploaded',
  'medical_record.changed',
  'label.changed',
  'reminder.created',
  'reminder.changed',
  'prescription.created',
  'prescription.changed',
  'prescription.stopped',
  'preventive_care.changed',
  'pet_alert.changed',
  'weekly_report.generated',
  'weekly_report.changed',
  'question.received',
  'question.changed',
  'clinical_document.created',
  'clinical_document.changed',
  'clinical_document.signed',
  'clinical_document.deleted',
] as const;

export const domainEventTypeSchema = z.enum(domainEventTypes);
export type DomainEventType = z.infer<typeof domainEventTypeSchema>;

export const eventActorSchema = z.object({
  type: z.enum(['vet', 'integration', 'system', 'link']),
  /** The vet's or integration's id, or the system job's name. */
  id: z.string().nullable(),
});
export type EventActor = z.infer<typeof eventActorSchema>;

/**
 * One change, as `GET /v1/events` sends it (the SSE `data:` line; the SSE `id:` is `seq`). It names
 * what changed, never its content: a client refetches what it shows through the usual, policed reads.
 */
export const domainEventSchema = z.object({
  seq: z.number().int(),
  type: domainEventTypeSchema,
  entity: z.string(),
  id: z.string(),
  petUuid: z.string().nullable(),
  companySku: z.string().nullable(),
  at: z.string(),
  actor: eventActorSchema,
});
export type DomainEvent = z.infer<typeof domainEventSchema>;
