import { z } from 'zod';
import { multiValueQuery, text, timestampSchema } from './common.ts';
import { timelineKinds, timelineSources } from './enums.ts';

export const timelineSourceSchema = z.enum(timelineSources);
export type TimelineSource = z.infer<typeof timelineSourceSchema>;

export const timelineKindSchema = z.enum(timelineKinds);
export type TimelineKind = z.infer<typeof timelineKindSchema>;

/**
 * The sources each kind can come from: a card is raised by the collar (respiratory, collar data),
 * the owner app (checkups, journal, weight entries); a checkup is answered by the owner or filled by a
 * vet; a record is uploaded by either. The API skips a kind none of whose sources is asked for.
 */
export const TIMELINE_KIND_SOURCES: Record<TimelineKind, readonly TimelineSource[]> = {
  'diet.published': ['vet'],
  'checkup.sent': ['vet'],
  'checkup.answered': ['owner_app', 'vet'],
  'checkup.reviewed': ['vet'],
  'journal.received': ['owner_app'],
  'journal.replied': ['vet'],
  'journal.resolved': ['vet'],
  'pending_card.raised': ['collar', 'owner_app'],
  'pending_card.resolved': ['vet'],
  'weight.recorded': ['vet'],
  'assessment.signed': ['vet'],
  'report.signed': ['vet'],
  'medical_record.uploaded': ['owner_app', 'vet'],
  'reminder.done': ['vet'],
  'prescription.started': ['vet'],
  'prescription.changed': ['vet'],
  'prescription.stopped': ['vet'],
  'daily_status.written': ['vet'],
  'question.asked': ['owner_app'],
  'question.answered': ['vet'],
  'pet_alert.set': ['vet'],
  'pet_alert.removed': ['vet'],
  'preventive.dose_recorded': ['vet'],
  'preventive.not_applicable_set': ['vet'],
  'preventive.not_applicable_removed': ['vet'],
  'preventive.owner_reminded': ['vet'],
};

export const TIMELINE_SOURCE_LABELS: Record<TimelineSource, string> = {
  collar: 'Collar',
  owner_app: 'Owner app',
  vet: 'Vet',
};

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  'diet.published': 'Diet published or changed',
  'checkup.sent': 'Checkup sent',
  'checkup.answered': 'Checkup answered',
  'checkup.reviewed': 'Checkup reviewed',
  'journal.received': 'Journal entry received',
  'journal.replied': 'Journal entry replied',
  'journal.resolved': 'Journal entry resolved',
  'pending_card.raised': 'Pending card raised',
  'pending_card.resolved': 'Pending card resolved',
  'weight.recorded': 'Weight recorded by a vet',
  'assessment.signed': 'Assessment signed',
  'report.signed': 'Medical report signed',
  'medical_record.uploaded': 'Medical record uploaded',
  'reminder.done': 'Reminder done',
  'prescription.started': 'Prescription started',
  'prescription.changed': 'Prescription changed',
  'prescription.stopped': 'Prescription stopped',
  'daily_status.written': 'Daily status written',
  'question.asked': 'Owner question asked',
  'question.answered': 'Owner question answered',
  'pet_alert.set': 'Patient alert set',
  'pet_alert.removed': 'Patient alert removed',
  'preventive.dose_recorded': 'Vaccine or treatment recorded',
  'preventive.not_applicable_set': 'Preventive item marked not applicable',
  'preventive.not_applicable_removed': 'Preventive item applies again',
  'preventive.owner_reminded': 'Preventive care reminder sent to the owner',
};

export const TIMELINE_DEFAULT_LIMIT = 30;
/**
 * The most events one request gives, a page or a chart's range: a chart draws at most this many
 * markers (the newest of its range) and says when there were more (`nextCursor` not null).
 */
export const TIMELINE_MAX_LIMIT = 100;

const rangeSecondsParam = z.coerce.number().int().min(0).max(32_503_680_000);

export const timelineQuerySchema = z
  .object({
    /** The `nextCursor` of the previous page; the newest events when left out. */
    cursor: text().min(1).max(300).optional(),
    limit: z.coerce.number().int().min(1).max(TIMELINE_MAX_LIMIT).default(TIMELINE_DEFAULT_LIMIT),
    /** Only these sources (repeated or comma-separated); every source when left out. */
    source: multiValueQuery(timelineSourceSchema),
    /** Only these kinds (repeated or comma-separated); every kind when left out. */
    kind: multiValueQuery(timelineKindSchema),
    /**
     * Only events at or after this instant (Unix seconds): with `to`, a chart's range (its response's
     * `range`), whose events it draws as markers.
     */
    from: rangeSecondsParam.optional(),
    /** Only events before this instant (Unix seconds, exclusive). */
    to: rangeSecondsParam.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined && query.to !== undefined && query.to <= query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be after from' });
  });
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineItemSchema = z.object({
  /** Stable across pages: `<kind>:<id of what happened>`. */
  id: z.string(),
  at: timestampSchema,
  source: timelineSourceSchema,
  kind: timelineKindSchema,
  /** What a vet reads in the list ("Checkup 'Cardiac follow-up' answered: 2 problematic answers"). */
  title: z.string(),
  /** The dashboard page it opens. */
  link: z.string(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const timelineResponseSchema = z.object({
  items: z.array(timelineItemSchema),
  /** Opaque; null on the last page. Events added later never shift a page already read. */
  nextCursor: z.string().nullable(),
});
export type TimelineResponse = z.infer<typeof timelineResponseSchema>;
