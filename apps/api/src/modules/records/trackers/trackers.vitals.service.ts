import {
  classifyRespiratoryRate,
  type ReadingKind,
  toTimestamp,
  type Vital,
  type VitalBand,
  type VitalsRange,
  type VitalsResponse,
  vitalChange,
  weightTargetPosition,
  weightVariationSentiment,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Actor } from '../../../policy/actor.ts';
import { petsErrors, petTimezoneSql } from '../../core/pets/index.ts';
import { type BucketRow, dailyBucketsOfKinds, subDailyBucketsOfKinds } from './trackers.charts.repository.ts';
import {
  type ChartPeriod,
  localDaysPeriodOf,
  type PeriodRow,
  periodCoveringOf,
  periodJsonSql,
  periodOfJson,
} from './trackers.periods.repository.ts';
import { round2, toChartBucket } from './trackers.read.mapper.ts';
import { findPetTrackerContextWith, type PeriodTotal, vitalsNewest } from './trackers.read.repository.ts';
import { weightBuckets, weightSubDailyBuckets } from './trackers.weight.repository.ts';

type Deps = { db: Db; now: Now; actor: Actor };

const NO_BAND: VitalBand = { type: 'none' };

/**
 * A day in half hours and a week in hours (both from the half-hour rollups), a month and a quarter in
 * local days (from the daily rollups): the tracker pages' own bucket sizes for periods of that length.
 */
const vitalsRangePlans: Record<VitalsRange, { bucketSize: '30m' | '1h'; hours: number } | { days: number }> =
  {
    '24h': { bucketSize: '30m', hours: 24 },
    '7d': { bucketSize: '1h', hours: 7 * 24 },
    '30d': { days: 30 },
    '90d': { days: 90 },
  };

const collarKinds = [
  'respiratory_rate',
  'heart_rate',
  'drinking',
  'shaking',
] as const satisfies ReadingKind[];

function shiftDate(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Sum of counts and sums of some buckets; null sum when none held a reading. */
function totalOf(buckets: readonly BucketRow[]): PeriodTotal {
  let count = 0;
  let sum = 0;
  for (const bucket of buckets) {
    count += bucket.count;
    sum += bucket.sum ?? 0;
  }
  return { count, sum: count === 0 ? null : sum };
}

const averageOfTotal = ({ count, sum }: PeriodTotal) => (sum === null || count === 0 ? null : sum / count);

const averageOf = (buckets: readonly BucketRow[]) => averageOfTotal(totalOf(buckets));

/**
 * The five vitals of a pet over a rolling range ending now, and the change from the period of the same
 * length before it. The range's buckets come from one statement for the four collar trackers and one
 * for the weight entries; the previous period is only shown as averages and totals, read with the
 * newest values. Previous and current split at a bucket boundary, so each covers whole buckets.
 */
export async function getPetVitals(deps: Deps, petId: string, range: VitalsRange): Promise<VitalsResponse> {
  const now = deps.now();
  const plan = vitalsRangePlans[range];
  // The periods come with the pet, computed in its zone by the same statement: no round trip between.
  // The zone is looked up once for all of them: `offset 0` keeps the planner from inlining its subquery
  // into every use, which made the statement take 9 ms to plan.
  const timezone = sql`z.timezone`;
  const nextDay = sql`(z.today + 1)`;
  const found = await findPetTrackerContextWith(deps.db, deps.actor, petId, {
    periods: sql<{ today: string; period: PeriodRow; both: PeriodRow | null }>`(
      select json_build_object(
        'today', z.today::text,
        'period', ${periodJsonSql(
          'days' in plan
            ? localDaysPeriodOf(nextDay, plan.days)(timezone)
            : periodCoveringOf(
                plan.bucketSize,
                new Date(now.getTime() - plan.hours * 3_600_000),
                now,
              )(timezone),
        )},
        'both', ${'days' in plan ? periodJsonSql(localDaysPeriodOf(nextDay, 2 * plan.days)(timezone)) : sql`null`})
      from (select tz as timezone, (${now.toISOString()}::timestamptz at time zone tz)::date as today
            from (select ${petTimezoneSql(sql`"pets"."id"`)} as tz offset 0) as t offset 0) as z)`,
  });
  if (!found) throw petsErrors.notFound();
  const { pet } = found;
  const { today, period: periodRow, both: bothRow } = found.extra.periods;
  const period = periodOfJson(periodRow);
  const bucketSize = 'days' in plan ? '1d' : plan.bucketSize;
  // The previous period of sub-daily buckets steps back the same number of real-time buckets.
  const both: ChartPeriod = bothRow
    ? periodOfJson(bothRow)
    : { ...period, start: new Date(2 * period.start.getTime() - period.end.getTime()) };

  const [collar, weight, newest] = await Promise.all([
    bucketSize === '1d'
      ? dailyBucketsOfKinds(deps.db, petId, collarKinds, pet.timezone, period)
      : subDailyBucketsOfKinds(deps.db, petId, collarKinds, bucketSize, period),
    bucketSize === '1d'
      ? weightBuckets(deps.db, petId, pet.timezone, 'day', period)
      : weightSubDailyBuckets(deps.db, petId, bucketSize, period),
    vitalsNewest(deps.db, petId, {
      timezone: pet.timezone,
      before: shiftDate(today, 1),
      kinds: collarKinds,
      previous: {
        daily: bucketSize === '1d',
        start: both.start,
        end: period.start,
        startDate: both.startDate,
        endDate: period.startDate,
      },
    }),
  ]);
  const { respiratory, heart, totals, weight: latestWeight, previous } = newest;

  const previousOf = (kind: ReadingKind) => previous.collar.get(kind) ?? { count: 0, sum: null };

  const rate = (kind: ReadingKind, latest: typeof respiratory, band: (value: number) => VitalBand): Vital => {
    const current = collar.get(kind) ?? [];
    return {
      buckets: current.map(toChartBucket),
      latest: latest ? { value: round2(latest.value), at: toTimestamp(latest.measuredAt) } : null,
      band: latest ? band(latest.value) : NO_BAND,
      change: vitalChange('average', averageOf(current), averageOfTotal(previousOf(kind))),
    };
  };

  const total = (kind: 'drinking' | 'shaking'): Vital => {
    const current = collar.get(kind) ?? [];
    const day = totals.find((row) => row.kind === kind);
    return {
      buckets: current.map(toChartBucket),
      // A total has no single newest reading: the newest local day's total, `at` its midnight.
      latest: day ? { value: round2(day.sum), at: { seconds: Math.round(day.start) } } : null,
      band: NO_BAND,
      change: vitalChange('total', totalOf(current).sum, previousOf(kind).sum),
    };
  };

  const target = pet.targetWeightKg;

  return {
    timezone: pet.timezone,
    range,
    bucketSize,
    period: { start: toTimestamp(period.start), end: toTimestamp(period.end) },
    previousPeriod: { start: toTimestamp(both.start), end: toTimestamp(period.start) },
    respiratoryThresholds: pet.respiratoryThresholds,
    targetWeightKg: target,
    vitals: {
      respiratoryRate: rate('respiratory_rate', respiratory, (value) => ({
        type: 'respiratory',
        abnormal: classifyRespiratoryRate(value, pet.respiratoryThresholds),
      })),
      heartRate: rate('heart_rate', heart, () => NO_BAND),
      weight: {
        buckets: weight.map(toChartBucket),
        latest: latestWeight
          ? { value: latestWeight.valueKg, at: toTimestamp(latestWeight.measuredAt) }
          : null,
        band:
          latestWeight && target !== null
            ? {
                type: 'weight-target',
                position: weightTargetPosition(latestWeight.valueKg, target),
                targetKg: target,
                variationSentiment: weightVariationSentiment(
                  latestWeight.previousKg,
                  latestWeight.valueKg,
                  target,
                ),
              }
            : NO_BAND,
        change: vitalChange('average', averageOf(weight), averageOfTotal(previous.weight)),
      },
      drinking: total('drinking'),
      shaking: total('shaking'),
    },
  };
}
