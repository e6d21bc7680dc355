import { z } from 'zod';
import type { Species } from './breeds.ts';
import { pageQuerySchema, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { respiratoryTimeScopes, trackerTimeScopes, weightTimeScopes } from './enums.ts';

/**
 * Time series of DOMAIN.md "Trackers". Collar (and owner-app) readings are immutable; weight entries are
 * their own records that vets add and correct.
 */
export const readingKinds = ['respiratory_rate', 'heart_rate', 'shaking', 'drinking'] as const;
export const readingKindSchema = z.enum(readingKinds);
export type ReadingKind = z.infer<typeof readingKindSchema>;

/** SPEC §3: 'Added by the user' (app) / 'Registered by the collar' (tracker). */
export const readingSources = ['app', 'tracker'] as const;
export const readingSourceSchema = z.enum(readingSources);
export type ReadingSource = z.infer<typeof readingSourceSchema>;
export const readingSourceLabels: Record<ReadingSource, string> = {
  app: 'Added by the user',
  tracker: 'Registered by the collar',
};

/**
 * What one reading's value means, and the plausible range the ingestion accepts (inclusive).
 * respiratory_rate: sleeping breaths per minute; heart_rate: beats per minute; shaking: head-shaking
 * episodes in the interval ending at `measuredAt`; drinking: seconds spent drinking in one bout.
 */
export const readingRanges: Record<ReadingKind, { min: number; max: number; unit: string }> = {
  respiratory_rate: { min: 4, max: 150, unit: 'breaths/min' },
  heart_rate: { min: 20, max: 350, unit: 'bpm' },
  shaking: { min: 0, max: 500, unit: 'episodes' },
  drinking: { min: 0, max: 3600, unit: 's' },
};

/** A reading may be stamped at most this far ahead of the server's clock (collar clocks drift). */
export const MAX_READING_FUTURE_SECONDS = 5 * 60;
export const MAX_READINGS_PER_BATCH = 5000;

/** Ids every careless client would send: as reading ids they would collide across collars. */
const DEGENERATE_UUIDS = new Set([
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]);

export const ingestReadingSchema = z.strictObject({
  /** Client-supplied id: a retried batch with the same ids adds nothing. */
  id: z
    .uuid()
    .refine((id) => !DEGENERATE_UUIDS.has(id.toLowerCase()), 'must be a real UUID, not the nil or max UUID'),
  petUuid: z.uuid(),
  kind: readingKindSchema,
  value: z.number().finite(),
  measuredAt: timestampSchema,
  source: readingSourceSchema.default('tracker'),
});
export type IngestReading = z.infer<typeof ingestReadingSchema>;

export const ingestBatchSchema = z.strictObject({
  readings: z.array(z.unknown()).min(1).max(MAX_READINGS_PER_BATCH),
});

export const ingestResponseSchema = z.object({
  received: z.number().int(),
  inserted: z.number().int(),
  duplicates: z.number().int(),
});
export type IngestResponse = z.infer<typeof ingestResponseSchema>;

/** A refused batch: nothing is written, and each refused reading is named by its index. */
export const ingestRejectionSchema = z.object({
  error: z.string(),
  code: z.string(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});

// --- Respiratory thresholds --------------------------------------------------------------------

/** SPEC §3 values of `abnormal`; 'undefined' means within thresholds. */
export const abnormalValues = ['undefined', 'high', 'high-red', 'high-orange', 'low'] as const;
export const abnormalSchema = z.enum(abnormalValues);
export type Abnormal = z.infer<typeof abnormalSchema>;

export const respiratoryThresholdsSchema = z.object({
  low: z.number(),
  high: z.number(),
  highOrange: z.number(),
  highRed: z.number(),
});
export type RespiratoryThresholds = z.infer<typeof respiratoryThresholdsSchema>;

/** DOMAIN.md defaults: a sleeping rate above 30 is high, above 35 high-orange, above 40 high-red, below 10 low. */
export const defaultRespiratoryThresholds: Record<Species, RespiratoryThresholds> = {
  dog: { low: 10, high: 30, highOrange: 35, highRed: 40 },
  cat: { low: 10, high: 30, highOrange: 35, highRed: 40 },
};

export const respiratoryThresholdsPutSchema = z
  .strictObject({
    low: z.number().min(1).max(100),
    high: z.number().min(1).max(150),
    highOrange: z.number().min(1).max(150),
    highRed: z.number().min(1).max(150),
  })
  .superRefine((t, ctx) => {
    if (!(t.low < t.high)) ctx.addIssue({ code: 'custom', path: ['high'], message: 'Must be above low' });
    if (!(t.high < t.highOrange))
      ctx.addIssue({ code: 'custom', path: ['highOrange'], message: 'Must be above high' });
    if (!(t.highOrange < t.highRed))
      ctx.addIssue({ code: 'custom', path: ['highRed'], message: 'Must be above high-orange' });
  });
export type RespiratoryThresholdsPut = z.infer<typeof respiratoryThresholdsPutSchema>;

export const respiratoryThresholdsResponseSchema = z.object({
  thresholds: respiratoryThresholdsSchema,
  /** false while the species defaults apply. */
  isCustom: z.boolean(),
  updatedAt: timestampSchema.nullable(),
  updatedBy: personRefSchema.nullable(),
});
export type RespiratoryThresholdsResponse = z.infer<typeof respiratoryThresholdsResponseSchema>;

/** Strictly above a threshold crosses it; strictly below `low` is low. */
export function classifyRespiratoryRate(value: number, t: RespiratoryThresholds): Abnormal {
  if (value > t.highRed) return 'high-red';
  if (value > t.highOrange) return 'high-orange';
  if (value > t.high) return 'high';
  if (value < t.low) return 'low';
  return 'undefined';
}

// --- Charts --------------------------------------------------------------------------------------

export const MAX_CHART_BUCKETS = 400;

/** SPEC §3 chart time scopes. */
export type WeightTimeScope = (typeof weightTimeScopes)[number];
export type TrackerTimeScope = (typeof trackerTimeScopes)[number];

const secondsParam = z.coerce.number().int().min(0).max(32_503_680_000);

/**
 * `date` (seconds) anchors the scope's period, which is a calendar day, ISO week or month in the pet's
 * timezone. An explicit `startDate`/`endDate` range (SPEC §7) wins over it: the screens open on a
 * rolling window ending now, bucketed server-side like the scope of that length.
 */
export const trackerChartQuerySchema = z.object({
  timeScope: z.enum(trackerTimeScopes).default('week'),
  date: secondsParam.optional(),
  startDate: secondsParam.optional(),
  endDate: secondsParam.optional(),
});
export const weightChartQuerySchema = z.object({
  timeScope: z.enum(weightTimeScopes).default('month'),
  date: secondsParam.optional(),
  startDate: secondsParam.optional(),
  endDate: secondsParam.optional(),
});
export const respiratoryChartQuerySchema = z.object({
  timeScope: z.enum(respiratoryTimeScopes).default('week'),
  date: secondsParam.optional(),
  startDate: secondsParam.optional(),
  endDate: secondsParam.optional(),
});

export const bucketSizes = ['30m', '1h', '1d', '1w'] as const;
export type BucketSize = (typeof bucketSizes)[number];

/** An empty bucket is present with count 0 and null values, so gaps in coverage show. */
export const chartBucketSchema = z.object({
  start: timestampSchema,
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  sum: z.number().nullable(),
  count: z.number().int(),
  /**
   * How much of the bucket the collar covered, 0 to 1: the share of its half hours the pet's collar
   * was sending in, where a reading of any kind stands for the four hours from its half hour (the
   * collar-data rule of the pending cards: the slowest collars measure every four hours). A day counts
   * its real half hours (46 or 50 on a DST change). null where coverage means nothing: weight entries
   * are written by people, not sampled by a collar.
   */
  coverage: z.number().min(0).max(1).nullable(),
});
export type ChartBucket = z.infer<typeof chartBucketSchema>;

export const chartResponseSchema = z.object({
  timezone: z.string(),
  timeScope: z.string(),
  bucketSize: z.enum(bucketSizes),
  range: z.object({ start: timestampSchema, end: timestampSchema }),
  buckets: z.array(chartBucketSchema).max(MAX_CHART_BUCKETS),
});
export type ChartResponse = z.infer<typeof chartResponseSchema>;

export const respiratoryChartResponseSchema = chartResponseSchema.extend({
  thresholds: respiratoryThresholdsSchema,
});
export type RespiratoryChartResponse = z.infer<typeof respiratoryChartResponseSchema>;

export const weightChartResponseSchema = chartResponseSchema.extend({
  targetWeightKg: z.number().nullable(),
});
export type WeightChartResponse = z.infer<typeof weightChartResponseSchema>;

// --- Entries (history lists) -------------------------------------------------------------------

export const historyQuerySchema = pageQuerySchema.extend({
  startDate: secondsParam.optional(),
  endDate: secondsParam.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const readingEntrySchema = z.object({
  uuid: z.uuid(),
  value: z.number(),
  measuredAt: timestampSchema,
  source: readingSourceSchema,
});
export type ReadingEntry = z.infer<typeof readingEntrySchema>;

export const respiratoryEntrySchema = readingEntrySchema.extend({ abnormal: abnormalSchema });
export type RespiratoryEntry = z.infer<typeof respiratoryEntrySchema>;

export const respiratoryHistoryResponseSchema = z.object({
  entries: z.array(respiratoryEntrySchema),
  pagination: paginationSchema,
  timezone: z.string(),
});
export const readingHistoryResponseSchema = z.object({
  entries: z.array(readingEntrySchema),
  pagination: paginationSchema,
  timezone: z.string(),
});

export const averageHistoryLastQuerySchema = z.object({ at: secondsParam.optional() });
/** The last local-day average before `at` (default now), or null when there is none. */
export const averageHistoryLastResponseSchema = z.object({
  average: z
    .object({
      date: z.object({ year: z.number(), month: z.number(), day: z.number() }),
      value: z.number(),
      count: z.number().int(),
      /** The share of the day the collar covered (as a chart's daily bucket): low means little data. */
      coverage: z.number().min(0).max(1),
      abnormal: abnormalSchema,
    })
    .nullable(),
});

export const periodAverageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(7),
  at: secondsParam.optional(),
});
/** Daily totals averaged over the last `days` local days, beside the `days` before them. */
export const periodAverageResponseSchema = z.object({
  days: z.number().int(),
  dailyAverage: z.number().nullable(),
  previousDailyAverage: z.number().nullable(),
  changePercent: z.number().nullable(),
  daysWithData: z.number().int(),
  unit: z.string(),
});
export type PeriodAverageResponse = z.infer<typeof periodAverageResponseSchema>;

// --- Heart rate ----------------------------------------------------------------------------------

/** SPEC §7: the pet is in the query. At most MAX_CHART_BUCKETS half hours (8 days and 8 hours). */
export const heartRateRangeQuerySchema = z.object({
  petUuid: z.uuid(),
  startDate: secondsParam,
  endDate: secondsParam,
});
export const heartRateHistoryQuerySchema = pageQuerySchema.extend({
  petUuid: z.uuid(),
  startDate: secondsParam.optional(),
  endDate: secondsParam.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});

// --- Weight ----------------------------------------------------------------------------------------

export const weightLocations = ['home', 'vet'] as const;
export const weightLocationSchema = z.enum(weightLocations);
export type WeightLocation = z.infer<typeof weightLocationSchema>;
export const weightLocationLabels: Record<WeightLocation, string> = { home: 'Home', vet: 'Vet' };

export const weightAuthors = ['user', 'vet'] as const;
export const weightAuthorSchema = z.enum(weightAuthors);
export type WeightAuthor = z.infer<typeof weightAuthorSchema>;

export const variationSentiments = ['negative', 'neutral', 'positive'] as const;
export const variationSentimentSchema = z.enum(variationSentiments);
export type VariationSentiment = z.infer<typeof variationSentimentSchema>;

/** Within ±1 % of the previous entry is neutral (DOMAIN.md "Weight"). */
export const NEUTRAL_VARIATION_RATIO = 0.01;

/**
 * DOMAIN.md: moving towards the target weight is positive, away from it negative, within ±1 % of the
 * previous entry neutral. Without a previous entry or a target, a change is neutral.
 */
export function weightVariationSentiment(
  previousKg: number | null,
  currentKg: number,
  targetKg: number | null,
): VariationSentiment {
  if (previousKg === null || previousKg <= 0) return 'neutral';
  if (Math.abs(currentKg - previousKg) <= previousKg * NEUTRAL_VARIATION_RATIO) return 'neutral';
  if (targetKg === null) return 'neutral';
  return Math.abs(currentKg - targetKg) < Math.abs(previousKg - targetKg) ? 'positive' : 'negative';
}

const weightValueSchema = z.number().gt(0, 'Must be above 0 kg').lt(200, 'Must be below 200 kg');

export const weightEntryCreateSchema = z.strictObject({
  petUuid: z.uuid(),
  /** Always kilograms; the screen converts from the vet's unit (SPEC §9 factors). */
  value: weightValueSchema,
  measuredAt: timestampSchema,
  location: weightLocationSchema,
  note: text().trim().max(1000).nullable().optional(),
});
export type WeightEntryCreate = z.infer<typeof weightEntryCreateSchema>;

export const weightEntryUpdateSchema = z.strictObject({
  value: weightValueSchema,
  measuredAt: timestampSchema,
  location: weightLocationSchema,
  note: text().trim().max(1000).nullable().optional(),
});
export type WeightEntryUpdate = z.infer<typeof weightEntryUpdateSchema>;

export const weightEntrySchema = z.object({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  value: z.number(),
  measuredAt: timestampSchema,
  location: weightLocationSchema,
  author: weightAuthorSchema,
  authorVet: personRefSchema.nullable(),
  note: z.string().nullable(),
  variationSentiment: variationSentimentSchema,
  /** Change from the previous entry in kg, null for the first. */
  variationKg: z.number().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;

export const weightEntryResponseSchema = z.object({ weightEntry: weightEntrySchema });
export const weightHistoryResponseSchema = z.object({
  entries: z.array(weightEntrySchema),
  pagination: paginationSchema,
  timezone: z.string(),
  targetWeightKg: z.number().nullable(),
});
export type WeightHistoryResponse = z.infer<typeof weightHistoryResponseSchema>;

// --- Latest values (pet profile) --------------------------------------------------------------------

const latestValueSchema = z
  .object({ value: z.number(), measuredAt: timestampSchema, source: readingSourceSchema })
  .nullable();

export const latestTrackersResponseSchema = z.object({
  weight: z
    .object({ value: z.number(), measuredAt: timestampSchema, variationSentiment: variationSentimentSchema })
    .nullable(),
  respiratoryRate: z
    .object({
      value: z.number(),
      measuredAt: timestampSchema,
      source: readingSourceSchema,
      abnormal: abnormalSchema,
    })
    .nullable(),
  heartRate: latestValueSchema,
  /** Today's totals in the pet's timezone. */
  shakingToday: z.number().int(),
  drinkingTodaySeconds: z.number().int(),
  timezone: z.string(),
});
export type LatestTrackersResponse = z.infer<typeof latestTrackersResponseSchema>;
