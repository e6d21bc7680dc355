import { z } from 'zod';
import { type CalendarDate, calendarDateSchema, timestampSchema } from './common.ts';
import { countOf } from './plural.ts';

/** The vitals a treatment's response is read on: the four charts that show prescriptions' markers. */
export const treatmentResponseVitals = ['respiratoryRate', 'heartRate', 'weight', 'drinking'] as const;
export const treatmentResponseVitalSchema = z.enum(treatmentResponseVitals);
export type TreatmentResponseVital = z.infer<typeof treatmentResponseVitalSchema>;

export const treatmentEvents = ['started', 'changed', 'stopped', 'completed'] as const;
export const treatmentEventSchema = z.enum(treatmentEvents);
export type TreatmentEvent = z.infer<typeof treatmentEventSchema>;

/** Days each side of a treatment's start, change or end, unless the request asks for another span. */
export const TREATMENT_RESPONSE_DAYS = 7;
export const TREATMENT_RESPONSE_MIN_DAYS = 3;
export const TREATMENT_RESPONSE_MAX_DAYS = 30;
/**
 * Below this share of the half hours covered by the collar on either side, an average says more about
 * when the collar was worn than about the treatment: the response reads "not enough readings".
 */
export const TREATMENT_RESPONSE_MIN_COVERAGE = 0.6;

export const treatmentResponseQuerySchema = z.object({
  /** One vital (a chart's); all four when absent (the medications page, the vitals panel). */
  vital: treatmentResponseVitalSchema.optional(),
  days: z.coerce
    .number()
    .int()
    .min(TREATMENT_RESPONSE_MIN_DAYS)
    .max(TREATMENT_RESPONSE_MAX_DAYS)
    .default(TREATMENT_RESPONSE_DAYS),
});
export type TreatmentResponseQuery = z.infer<typeof treatmentResponseQuerySchema>;

/** One side of a treatment's response: the N local days before the change, or the N from it. */
export const treatmentResponseSideSchema = z.object({
  /**
   * Rates and weight: the mean of the readings (or weighings); drinking: the mean daily total over the
   * days the collar sent anything. Null with no reading.
   */
  average: z.number().nullable(),
  /** Readings (weighings for weight) the average is made of. */
  readings: z.number().int(),
  /** Share of the side's half hours the collar covered, 0 to 1; null for weight (no collar). */
  coverage: z.number().nullable(),
});
export type TreatmentResponseSide = z.infer<typeof treatmentResponseSideSchema>;

export const treatmentResponseSchema = z.object({
  prescriptionUuid: z.uuid(),
  drugName: z.string(),
  event: treatmentEventSchema,
  /** The first local day of the "after" side: the start, the change, the day stopped, the day after the end. */
  on: calendarDateSchema,
  /** That day's local midnight, where the chart draws the treatment's marker. */
  at: timestampSchema,
  vital: treatmentResponseVitalSchema,
  days: z.number().int(),
  before: treatmentResponseSideSchema,
  after: treatmentResponseSideSchema,
  /** Both sides' covered half hours over all of theirs; null for weight. */
  coverage: z.number().nullable(),
  /** False when either side has too little coverage (or, for weight, no weighing): no arrow is drawn. */
  enough: z.boolean(),
  /** The response in words, e.g. "Furosemide started 12/11: sleeping RR 38 → 29 (7 nights each side, 96 % coverage)". */
  summary: z.string(),
});
export type TreatmentResponse = z.infer<typeof treatmentResponseSchema>;

export const treatmentResponseListSchema = z.object({
  days: z.number().int(),
  minCoverage: z.number(),
  /** Newest first; only treatment changes whose "after" side has fully passed. */
  responses: z.array(treatmentResponseSchema),
});
export type TreatmentResponseList = z.infer<typeof treatmentResponseListSchema>;

const VITAL_WORDS: Record<TreatmentResponseVital, { name: string; unit: string; decimals: number }> = {
  respiratoryRate: { name: 'sleeping RR', unit: '', decimals: 0 },
  heartRate: { name: 'heart rate', unit: ' bpm', decimals: 0 },
  weight: { name: 'weight', unit: ' kg', decimals: 2 },
  drinking: { name: 'daily drinking', unit: '', decimals: 0 },
};

const EVENT_WORDS: Record<TreatmentEvent, string> = {
  started: 'started',
  changed: 'changed',
  stopped: 'stopped',
  completed: 'ended',
};

const WEIGHINGS = { one: 'weighing', other: 'weighings' };

const dayMonth = (date: CalendarDate) =>
  `${String(date.day).padStart(2, '0')}/${String(date.month).padStart(2, '0')}`;

const rounded = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return `${Math.round(value * factor) / factor}`;
};

/**
 * A response in the words every screen shows, from its numbers alone, so the medications page, the
 * vitals panel and each chart say the same thing.
 */
export function treatmentResponseSummary(
  response: Omit<TreatmentResponse, 'summary' | 'at' | 'prescriptionUuid'>,
): string {
  const words = VITAL_WORDS[response.vital];
  const head = `${response.drugName} ${EVENT_WORDS[response.event]} ${dayMonth(response.on)}`;
  const side =
    response.vital === 'respiratoryRate'
      ? countOf(response.days, { one: 'night', other: 'nights' })
      : countOf(response.days, { one: 'day', other: 'days' });
  const extent =
    response.coverage === null
      ? `${side} each side, ${countOf(response.before.readings, WEIGHINGS)} and ${countOf(response.after.readings, WEIGHINGS)}`
      : `${side} each side, ${Math.round(response.coverage * 100)} % coverage`;
  const { before, after } = response;
  if (!response.enough || before.average === null || after.average === null)
    return `${head}: not enough readings for ${words.name} (${extent})`;
  const from = rounded(before.average, words.decimals);
  const to = rounded(after.average, words.decimals);
  return `${head}: ${words.name} ${from} → ${to}${words.unit} (${extent})`;
}
