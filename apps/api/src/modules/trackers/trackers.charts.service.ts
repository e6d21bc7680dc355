import {
  type ChartResponse,
  MAX_CHART_BUCKETS,
  type ReadingKind,
  type TrackerTimeScope,
} from '@vetboard/contract';
import type { DbOrTx } from '../../db/client.ts';
import {
  bucketsOfPeriodContaining,
  type ChartPeriod,
  dailyBuckets,
  type PeriodUnit,
  periodCovering,
  subDailyBuckets,
} from './trackers.charts.repository.ts';
import { trackersReadErrors } from './trackers.read.errors.ts';
import { toChartResponse } from './trackers.read.mapper.ts';

export type ReadingBucketSize = '30m' | '1h' | '1d';

/**
 * A day is drawn in half hours, a week in hours (both from the half-hour rollups), a month in local
 * days (from the daily rollups): raw readings are never scanned for a chart.
 */
export const trackerScopes: Record<TrackerTimeScope, { unit: PeriodUnit; bucketSize: ReadingBucketSize }> = {
  day: { unit: 'day', bucketSize: '30m' },
  week: { unit: 'week', bucketSize: '1h' },
  month: { unit: 'month', bucketSize: '1d' },
};

const DAY_SECONDS = 86_400;

/** The finest buckets that keep an explicit range within a chart's points. */
export function bucketSizeForRange(seconds: number): ReadingBucketSize {
  if (seconds <= 2 * DAY_SECONDS) return '30m';
  if (seconds <= 16 * DAY_SECONDS) return '1h';
  if (seconds <= 400 * DAY_SECONDS) return '1d';
  throw trackersReadErrors.rangeTooLong();
}

const stepSeconds = { '30m': 1800, '1h': 3600 } as const;

export function bucketCount(period: ChartPeriod, bucketSize: ReadingBucketSize): number {
  if (bucketSize === '1d') {
    return Math.round((Date.parse(period.endDate) - Date.parse(period.startDate)) / (DAY_SECONDS * 1000));
  }
  return Math.round((period.end.getTime() - period.start.getTime()) / 1000 / stepSeconds[bucketSize]);
}

export interface ChartPet {
  id: string;
  timezone: string;
}

async function chartOf(
  db: DbOrTx,
  pet: ChartPet,
  kind: ReadingKind,
  timeScope: string,
  bucketSize: ReadingBucketSize,
  period: ChartPeriod,
): Promise<ChartResponse> {
  if (bucketCount(period, bucketSize) > MAX_CHART_BUCKETS) throw trackersReadErrors.rangeTooLong();
  const buckets =
    bucketSize === '1d'
      ? await dailyBuckets(db, pet.id, kind, pet.timezone, period)
      : await subDailyBuckets(db, pet.id, kind, bucketSize, period);
  return toChartResponse({ timezone: pet.timezone, timeScope, bucketSize, period, buckets });
}

/** The local day, ISO week or month around `at`, in the pet's timezone. */
export async function readingChartOfScope(
  db: DbOrTx,
  pet: ChartPet,
  kind: ReadingKind,
  timeScope: TrackerTimeScope,
  at: Date,
): Promise<ChartResponse> {
  const { unit, bucketSize } = trackerScopes[timeScope];
  const { period, buckets } = await bucketsOfPeriodContaining(db, pet, kind, bucketSize, unit, at);
  return toChartResponse({ timezone: pet.timezone, timeScope, bucketSize, period, buckets });
}

/** An explicit [start, end) widened to whole buckets; `bucketSize` defaults to the finest that fits. */
export async function readingChartOfRange(
  db: DbOrTx,
  pet: ChartPet,
  kind: ReadingKind,
  range: { start: Date; end: Date },
  bucketSize: ReadingBucketSize = bucketSizeForRange((range.end.getTime() - range.start.getTime()) / 1000),
): Promise<ChartResponse> {
  if (range.end <= range.start) throw trackersReadErrors.rangeEmpty();
  const period = await periodCovering(db, pet.timezone, bucketSize, range.start, range.end);
  return chartOf(db, pet, kind, 'range', bucketSize, period);
}
