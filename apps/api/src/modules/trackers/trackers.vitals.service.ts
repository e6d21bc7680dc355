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
import type { Db } from '../../db/client.ts';
import type { Now } from '../../lib/clock.ts';
import type { Actor } from '../../policy/actor.ts';
import { petsErrors } from '../pets/pets.errors.ts';
import { petTimezoneSql } from '../pets/pets.service.ts';
import {
  type BucketRow,
  type ChartPeriod,
  dailyBucketsOfKinds,
  localDaysPeriodOf,
  type PeriodRow,
  periodCoveringOf,
  periodJsonSql,
  periodOfJson,
  subDailyBucketsOfKinds,
} from './trackers.charts.repository.ts';
import { round2, toChartBucket } from './trackers.read.mapper.ts';
import { findPetTrackerContextWith, vitalsNewest } from './trackers.read.repository.ts';
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
function totalOf(buckets: readonly BucketRow[]): { count: number; sum: number | null } {
  let count = 0;
  let sum = 0;
  for (const bucket of buckets) {
    count += bucket.count;
    sum += bucket.sum ?? 0;
  }
  return { count, sum: count === 0 ? null : sum };
}

const averageOf = (buckets: readonly BucketRow[]) => {
  const { count, sum } = totalOf(buckets);
  return sum === null ? null : sum / count;
};

/**
 * The five vitals of a pet over a rolling range ending now, and the period of the same length before
 * it. Each tracker's buckets are read once over both periods (one statement for the four collar
 * trackers, one for the weight entries) and split here, so the two periods are binned alike.
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
      ? dailyBucketsOfKinds(deps.db, petId, collarKinds, pet.timezone, both, period.start)
      : subDailyBucketsOfKinds(deps.db, petId, collarKinds, bucketSize, both, period.start),
    bucketSize === '1d'
      ? weightBuckets(deps.db, petId, pet.timezone, 'day', both)
      : weightSubDailyBuckets(deps.db, petId, bucketSize, both),
    vitalsNewest(deps.db, petId, pet.timezone, shiftDate(today, 1)),
  ]);
  const { respiratory, heart, totals, weight: latestWeight } = newest;

  const periodStart = period.start.getTime() / 1000;
  const split = (rows: readonly BucketRow[]) => ({
    previous: rows.filter((row) => row.start < periodStart),
    current: rows.filter((row) => row.start >= periodStart),
  });

  const rate = (kind: ReadingKind, latest: typeof respiratory, band: (value: number) => VitalBand): Vital => {
    const { previous, current } = split(collar.get(kind) ?? []);
    return {
      buckets: current.map(toChartBucket),
      latest: latest ? { value: round2(latest.value), at: toTimestamp(latest.measuredAt) } : null,
      band: latest ? band(latest.value) : NO_BAND,
      change: vitalChange('average', averageOf(current), averageOf(previous)),
    };
  };

  const total = (kind: 'drinking' | 'shaking'): Vital => {
    const { previous, current } = split(collar.get(kind) ?? []);
    const day = totals.find((row) => row.kind === kind);
    return {
      buckets: current.map(toChartBucket),
      // A total has no single newest reading: the newest local day's total, `at` its midnight.
      latest: day ? { value: round2(day.sum), at: { seconds: Math.round(day.start) } } : null,
      band: NO_BAND,
      change: vitalChange('total', totalOf(current).sum, totalOf(previous).sum),
    };
  };

  const weights = split(weight);
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
        buckets: weights.current.map(toChartBucket),
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
        change: vitalChange('average', averageOf(weights.current), averageOf(weights.previous)),
      },
      drinking: total('drinking'),
      shaking: total('shaking'),
    },
  };
}
