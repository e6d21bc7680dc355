import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { vitalsRanges } from './enums.ts';
import {
  abnormalSchema,
  bucketSizes,
  chartBucketSchema,
  MAX_CHART_BUCKETS,
  NEUTRAL_VARIATION_RATIO,
  respiratoryThresholdsSchema,
  variationSentimentSchema,
} from './trackers.ts';

/**
 * The pet profile's "Vitals" panel (issue #18 §1): the five vitals of a pet on one time axis, read in
 * one request. A range is a rolling window ending now, in the pet's timezone.
 */
export const vitalsRangeSchema = z.enum(vitalsRanges);
export type VitalsRange = z.infer<typeof vitalsRangeSchema>;
export const vitalsRangeLabels: Record<VitalsRange, string> = {
  '24h': '24 h',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

export const vitalKinds = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'] as const;
export type VitalKind = (typeof vitalKinds)[number];

export const vitalsQuerySchema = z.object({ range: vitalsRangeSchema.default('7d') });

/** Where a weight stands against the pet's target: within 1 % of it (scale noise) is "at" it. */
export const weightTargetPositions = ['below', 'at', 'above'] as const;
export type WeightTargetPosition = (typeof weightTargetPositions)[number];

export function weightTargetPosition(valueKg: number, targetKg: number): WeightTargetPosition {
  if (Math.abs(valueKg - targetKg) <= targetKg * NEUTRAL_VARIATION_RATIO) return 'at';
  return valueKg < targetKg ? 'below' : 'above';
}

/**
 * A vital's band: the respiratory flag of its latest value, the weight against its target, or none
 * (heart rate, drinking and shaking have no band; nor has a vital without a latest value or target).
 * A variant rather than null: OpenAPI 3.0 cannot say "one of these or null".
 */
export const vitalBandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('respiratory'), abnormal: abnormalSchema }),
  z.object({
    type: z.literal('weight-target'),
    position: z.enum(weightTargetPositions),
    targetKg: z.number(),
    /**
     * The latest entry against the one before it: towards the target, away from it, or neutral
     * (within 1 %, or no entry before it). Where the pet stands and which way it is going are both
     * needed: above target and moving away is the case to act on.
     */
    variationSentiment: variationSentimentSchema,
  }),
]);
export type VitalBand = z.infer<typeof vitalBandSchema>;

/**
 * The period against the one of the same length just before it: rates and weight by their average,
 * drinking and shaking by their total. `percent` is null when the previous value is null or 0.
 */
export const vitalChangeSchema = z.object({
  measure: z.enum(['average', 'total']),
  current: z.number().nullable(),
  previous: z.number().nullable(),
  delta: z.number().nullable(),
  percent: z.number().nullable(),
});
export type VitalChange = z.infer<typeof vitalChangeSchema>;

export const vitalSchema = z.object({
  buckets: z.array(chartBucketSchema).max(MAX_CHART_BUCKETS),
  /** Rates and weight: the newest reading or entry; drinking and shaking: the newest local day's total, `at` its midnight. */
  latest: z.object({ value: z.number(), at: timestampSchema }).nullable(),
  band: vitalBandSchema,
  change: vitalChangeSchema,
});
export type Vital = z.infer<typeof vitalSchema>;

export const vitalsResponseSchema = z.object({
  timezone: z.string(),
  range: vitalsRangeSchema,
  bucketSize: z.enum(bucketSizes),
  period: z.object({ start: timestampSchema, end: timestampSchema }),
  previousPeriod: z.object({ start: timestampSchema, end: timestampSchema }),
  respiratoryThresholds: respiratoryThresholdsSchema,
  targetWeightKg: z.number().nullable(),
  vitals: z.object({
    respiratoryRate: vitalSchema,
    heartRate: vitalSchema,
    weight: vitalSchema,
    drinking: vitalSchema,
    shaking: vitalSchema,
  }),
});
export type VitalsResponse = z.infer<typeof vitalsResponseSchema>;

/** The change of `current` against `previous`, rounded for display (delta 2 decimals, percent 1). */
export function vitalChange(
  measure: VitalChange['measure'],
  current: number | null,
  previous: number | null,
): VitalChange {
  const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  const both = current !== null && previous !== null;
  return {
    measure,
    current: current === null ? null : round(current, 2),
    previous: previous === null ? null : round(previous, 2),
    delta: both ? round(current - previous, 2) : null,
    percent: both && previous !== 0 ? round(((current - previous) / previous) * 100, 1) : null,
  };
}
