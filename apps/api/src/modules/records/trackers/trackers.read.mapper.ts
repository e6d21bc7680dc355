import {
  type BucketSize,
  type ChartBucket,
  type ChartResponse,
  classifyRespiratoryRate,
  type ReadingEntry,
  type RespiratoryEntry,
  type RespiratoryThresholds,
  toTimestamp,
} from '@vetboard/contract';
import type { BucketRow } from './trackers.charts.repository.ts';
import type { ReadingRow } from './trackers.history.repository.ts';
import type { ChartPeriod } from './trackers.periods.repository.ts';

/**
 * Rollup sums add up `real` values, which carry float noise (12.3 becomes 12.300000190734863): two
 * decimals is finer than any tracker measures.
 */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

const round2OrNull = (value: number | null) => (value === null ? null : round2(value));

export function toChartBucket(row: BucketRow): ChartBucket {
  return {
    start: { seconds: Math.round(row.start) },
    avg: round2OrNull(row.avg),
    min: round2OrNull(row.min),
    max: round2OrNull(row.max),
    sum: round2OrNull(row.sum),
    count: row.count,
    // Three decimals keep a DST day's 49/50 distinct from a full day, and the payload short.
    coverage: row.coverage === null ? null : Math.round(row.coverage * 1000) / 1000,
  };
}

export function toChartResponse(options: {
  timezone: string;
  timeScope: string;
  bucketSize: BucketSize;
  period: ChartPeriod;
  buckets: BucketRow[];
}): ChartResponse {
  return {
    timezone: options.timezone,
    timeScope: options.timeScope,
    bucketSize: options.bucketSize,
    range: { start: toTimestamp(options.period.start), end: toTimestamp(options.period.end) },
    buckets: options.buckets.map(toChartBucket),
  };
}

export function toReadingEntry(row: ReadingRow): ReadingEntry {
  return { uuid: row.id, value: row.value, measuredAt: toTimestamp(row.measuredAt), source: row.source };
}

/** `abnormal` is judged now, by today's thresholds: readings are never rewritten. */
export function toRespiratoryEntry(row: ReadingRow, thresholds: RespiratoryThresholds): RespiratoryEntry {
  return { ...toReadingEntry(row), abnormal: classifyRespiratoryRate(row.value, thresholds) };
}
