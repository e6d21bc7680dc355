import {
  type ChartResponse,
  MAX_CHART_BUCKETS,
  type ReadingKind,
  type TrackerTimeScope,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import {
  bucketsOfPeriod,
  type ChartPetSource,
  dailyBuckets,
  type PeriodBuckets,
  type StatementPet,
  subDailyBuckets,
} from './trackers.charts.repository.ts';
import {
  type ChartPeriod,
  type PeriodUnit,
  periodContainingOf,
  periodCovering,
  periodCoveringOf,
} from './trackers.periods.repository.ts';
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

/**
 * The bucket size (given, else the finest that fits) of a range read in one statement with its pet,
 * or undefined when the range is near the limit of points or past it: a covering period adds at most
 * one bucket at each end (days: a DST hour moves an end by at most one local day), so a range two
 * buckets short of the limit can be checked after its buckets are read; nearer, the period is read
 * first so that the error comes before any bucket is. Never throws: a range too long for any bucket
 * size must still be a 404 for an unknown pet.
 */
export function oneStatementBucketSize(
  range: { start: Date; end: Date },
  bucketSize?: ReadingBucketSize,
): ReadingBucketSize | undefined {
  const seconds = (range.end.getTime() - range.start.getTime()) / 1000;
  if (!bucketSize && seconds > 400 * DAY_SECONDS) return undefined;
  const size = bucketSize ?? bucketSizeForRange(seconds);
  const step = size === '1d' ? DAY_SECONDS : stepSeconds[size];
  return Math.ceil(seconds / step) + 2 <= MAX_CHART_BUCKETS ? size : undefined;
}

function chartOf(timeScope: string, bucketSize: ReadingBucketSize, read: PeriodBuckets): PetChart {
  if (bucketCount(read.period, bucketSize) > MAX_CHART_BUCKETS) throw trackersReadErrors.rangeTooLong();
  const { timezone, period, buckets } = read;
  return {
    chart: toChartResponse({ timezone, timeScope, bucketSize, period, buckets }),
    pet: read.pet,
  };
}

/** A chart, and the pet as its statement read it when the source was a scoped lookup. */
export interface PetChart {
  chart: ChartResponse;
  pet: StatementPet | undefined;
}

/**
 * The local day, ISO week or month around `at`, in the pet's timezone. With a scoped `lookup` source:
 * undefined when the pet is unknown or out of scope (one statement either way).
 */
export async function chartOfScope(
  db: DbOrTx,
  pet: ChartPetSource,
  kind: ReadingKind,
  timeScope: TrackerTimeScope,
  at: Date,
): Promise<PetChart | undefined> {
  const { unit, bucketSize } = trackerScopes[timeScope];
  const read = await bucketsOfPeriod(db, pet, kind, bucketSize, periodContainingOf(unit, at));
  return read && chartOf(timeScope, bucketSize, read);
}

/**
 * An explicit [start, end) widened to whole buckets, for a range and size `oneStatementBucketSize` gave.
 * Undefined as `chartOfScope`.
 */
export async function chartOfRange(
  db: DbOrTx,
  pet: ChartPetSource,
  kind: ReadingKind,
  range: { start: Date; end: Date },
  bucketSize: ReadingBucketSize,
): Promise<PetChart | undefined> {
  if (range.end <= range.start) throw trackersReadErrors.rangeEmpty();
  if (oneStatementBucketSize(range, bucketSize) !== bucketSize)
    throw new Error('a range near the limit takes two steps');
  const read = await bucketsOfPeriod(
    db,
    pet,
    kind,
    bucketSize,
    periodCoveringOf(bucketSize, range.start, range.end),
  );
  return read && chartOf('range', bucketSize, read);
}

/** `chartOfScope` of a pet already looked up. */
export async function readingChartOfScope(
  db: DbOrTx,
  pet: ChartPet,
  kind: ReadingKind,
  timeScope: TrackerTimeScope,
  at: Date,
): Promise<ChartResponse> {
  const read = await chartOfScope(db, pet, kind, timeScope, at);
  if (!read) throw new Error('a chart period has no buckets');
  return read.chart;
}

/**
 * An explicit [start, end) of a pet already looked up, widened to whole buckets; `bucketSize` defaults
 * to the finest that fits. A range near the limit of points (or past it) takes two steps, the period
 * first, so that the error comes before any bucket is read.
 */
export async function readingChartOfRange(
  db: DbOrTx,
  pet: ChartPet,
  kind: ReadingKind,
  range: { start: Date; end: Date },
  bucketSize: ReadingBucketSize = bucketSizeForRange((range.end.getTime() - range.start.getTime()) / 1000),
): Promise<ChartResponse> {
  if (range.end <= range.start) throw trackersReadErrors.rangeEmpty();
  if (oneStatementBucketSize(range, bucketSize) === bucketSize) {
    const read = await chartOfRange(db, pet, kind, range, bucketSize);
    if (!read) throw new Error('a chart period has no buckets');
    return read.chart;
  }
  const period = await periodCovering(db, pet.timezone, bucketSize, range.start, range.end);
  if (bucketCount(period, bucketSize) > MAX_CHART_BUCKETS) throw trackersReadErrors.rangeTooLong();
  const buckets =
    bucketSize === '1d'
      ? await dailyBuckets(db, pet.id, kind, pet.timezone, period)
      : await subDailyBuckets(db, pet.id, kind, bucketSize, period);
  return toChartResponse({ timezone: pet.timezone, timeScope: 'range', bucketSize, period, buckets });
}
