import type { ReadingKind, RespiratoryThresholds, Species } from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executePrepared } from '../../../db/plain-statement.ts';
import { type CoverageDays, dailyCoverage, subDailyCoverage } from './trackers.coverage.ts';
import type { ChartPeriod, PeriodSql } from './trackers.periods.repository.ts';

/**
 * A bucket as the database gives it: `start` in epoch seconds; count 0 and nulls when empty.
 * `coverage` is the share of the bucket's half hours the collar covered (0 to 1, see
 * `trackers.coverage.ts`), counted from the coverage days its statement read; null for weight entries
 * (no collar).
 */
export interface BucketRow {
  start: number;
  count: number;
  sum: number | null;
  avg: number | null;
  min: number | null;
  max: number | null;
  coverage: number | null;
}

const stepOf = { '30m': '30 minutes', '1h': '1 hour' } as const;
const stepSeconds = { '30m': 1800, '1h': 3600 } as const;

/** The half-hour rollups' UTC grid (trackers.writes.ts): coverage days are its days. */
const GRID_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;
/**
 * The pet's coverage days over [start, end) and the day before (whose last half hours spread into the
 * first day), as two JSON arrays in text on one row, in no order but pairwise: `coverage_days` the UTC
 * days (days since 1970), `coverage_bits` their reading bits (48 bits); both null when there are none.
 * The service counts them (`trackers.coverage.ts`): counted in SQL per local day, they were two thirds
 * of a 300-day chart's statement (4.3 → 1.2 ms with the count in the service, #13). Text and
 * `JSON.parse`, not float8 arrays: the driver's array parser took 0.53 ms for a 300-day chart's two,
 * `JSON.parse` 0.04.
 */
export const coverageDays = (petId: string, start: SQL, end: SQL) => sql`
  -- No order by: the two aggregates take each row in the same turn, so their elements pair up, and the
  -- count needs no order (an ordered aggregate sorts its input, twice here: 0.3 ms of a 300-day chart).
  select '[' || string_agg((date_part('epoch', day)::int8 / 86400)::text, ',') || ']' as coverage_days,
         '[' || string_agg(half_hours::text, ',') || ']' as coverage_bits
  from tracker_coverage_days
  where pet_id = ${petId} and day >= date_bin('1 day', ${start}, ${GRID_ORIGIN}) - interval '1 day'
    and day < ${end}`;

export interface CoverageColumns {
  coverage_days: string | null;
  coverage_bits: string | null;
}

export const coverageOfColumns = (row: Partial<CoverageColumns> | undefined): CoverageDays => ({
  days: row?.coverage_days ? (JSON.parse(row.coverage_days) as number[]) : [],
  bits: row?.coverage_bits ? (JSON.parse(row.coverage_bits) as number[]) : [],
});

/**
 * Buckets of half hours or hours over the period, re-binned from the half-hour rollups with the
 * period's start (a local midnight) as origin: half-hour zones (Asia/Kolkata) line up, and across a
 * DST change the series steps in real time, so that week has 167 or 169 hourly buckets.
 */
export async function subDailyBuckets(
  db: DbOrTx,
  petId: string,
  kind: ReadingKind,
  bucketSize: '30m' | '1h',
  period: ChartPeriod,
): Promise<BucketRow[]> {
  return (await subDailyBucketsOfKinds(db, petId, [kind], bucketSize, period)).get(kind) ?? [];
}

/** A statement's buckets as one JSON array in text per column (`bucketColumns`). */
interface BucketArrays {
  starts: string;
  counts: string;
  sums: string;
  avgs: string;
  mins: string;
  maxs: string;
}

/**
 * The buckets of `b` (columns start, count, sum, avg, min, max) as one JSON array in text per column,
 * null as `null`. A chart's buckets as rows cost the driver more than everything else the app does for
 * the request (a 384-bucket heart-rate chart: about 0.7 ms of 4.2 of CPU, parsing six numbers and nine
 * nulls per row); six strings and `JSON.parse` cost about 0.1. No order by: the aggregates take each
 * row in the same turn (their elements pair up) and the service sorts them by start, where an ordered
 * aggregate would sort its input once per column.
 */
const bucketColumns = sql`
  '[' || string_agg(start::text, ',') || ']' as starts,
  '[' || string_agg(count::text, ',') || ']' as counts,
  '[' || string_agg(coalesce(sum::text, 'null'), ',') || ']' as sums,
  '[' || string_agg(coalesce(avg::text, 'null'), ',') || ']' as avgs,
  '[' || string_agg(coalesce(min::text, 'null'), ',') || ']' as mins,
  '[' || string_agg(coalesce(max::text, 'null'), ',') || ']' as maxs`;

/** The buckets of a row of `bucketColumns`, by start, each with the coverage `coverageOfStarts` gives them. */
function bucketsOfRow(row: BucketArrays, coverageOfStarts: (starts: number[]) => number[]): BucketRow[] {
  const starts = JSON.parse(row.starts) as number[];
  const counts = JSON.parse(row.counts) as number[];
  const sums = JSON.parse(row.sums) as (number | null)[];
  const avgs = JSON.parse(row.avgs) as (number | null)[];
  const mins = JSON.parse(row.mins) as (number | null)[];
  const maxs = JSON.parse(row.maxs) as (number | null)[];
  const order = starts.map((_, index) => index).sort((x, y) => (starts[x] as number) - (starts[y] as number));
  const sorted = order.map((index) => starts[index] as number);
  const coverage = coverageOfStarts(sorted);
  return order.map((index, position) => ({
    start: starts[index] as number,
    count: counts[index] as number,
    sum: sums[index] ?? null,
    avg: avgs[index] ?? null,
    min: mins[index] ?? null,
    max: maxs[index] ?? null,
    coverage: coverage[position] ?? 0,
  }));
}

/** A kind's buckets in a several-kinds statement; the coverage days on the first kind's row only. */
interface KindArraysRow extends BucketArrays, Partial<CoverageColumns> {
  kind: ReadingKind;
}

/**
 * The buckets of a several-kinds statement by kind (every kind has every slot), each with its slot's
 * coverage: `coverageOf` gets the coverage days of the first row and the slots' starts.
 */
function byKind(
  kinds: readonly ReadingKind[],
  rows: KindArraysRow[],
  coverageOf: (coverage: CoverageDays, starts: number[]) => number[],
): Map<ReadingKind, BucketRow[]> {
  const coverage = coverageOfColumns(rows[0]);
  // Every kind has the same slots, so the first kind's coverage is every kind's.
  let slotsCoverage: number[] | undefined;
  const map = new Map<ReadingKind, BucketRow[]>(kinds.map((kind) => [kind, []]));
  for (const row of rows)
    map.set(
      row.kind,
      bucketsOfRow(row, (starts) => (slotsCoverage ??= coverageOf(coverage, starts))),
    );
  return map;
}

/**
 * The rows of the several-kinds statements: `buckets` (columns kind, n its place in the list, start,
 * count, sum, avg, min, max) as one row per kind, in the list's order, the coverage days on the first
 * (scalar subqueries, run once: a `cov` joined to every bucket row carried its arrays through the
 * statement's sort, 2 MB and 1.3 ms of a 300-day chart).
 */
const kindArrays = (buckets: SQL) => sql`
  select b.kind, ${bucketColumns},
         case when b.n = 1 then (select coverage_days from cov) end as coverage_days,
         case when b.n = 1 then (select coverage_bits from cov) end as coverage_bits
  from (${buckets}) as b
  group by b.n, b.kind
  order by b.n`;

/** Reading kinds as a list of enum literals, for `in (…)` and `array[…]`: each kind a parameter. */
export const kindList = (kinds: readonly ReadingKind[]) =>
  sql.join(
    kinds.map((kind) => sql`${kind}::reading_kind`),
    sql`, `,
  );

/**
 * `subDailyBuckets` of several kinds in one statement (the vitals panel reads four trackers at once):
 * every kind gets every slot of the same series, so their buckets share one time axis. Coverage is
 * counted from `coverageFrom` on (buckets before it get 0): the vitals read the previous period only
 * for its averages, and counting its coverage would double the cost of a 90-day panel.
 */
export async function subDailyBucketsOfKinds(
  db: DbOrTx,
  petId: string,
  kinds: readonly ReadingKind[],
  bucketSize: '30m' | '1h',
  period: ChartPeriod,
  coverageFrom: Date = period.start,
): Promise<Map<ReadingKind, BucketRow[]>> {
  const step = sql`${stepOf[bucketSize]}::interval`;
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const rows = await executePrepared<KindArraysRow>(
    db,
    sql`
    with agg as (
      select kind, date_bin(${step}, bucket_start, ${start}) as bucket,
             sum(count)::int as count, sum(sum)::float8 as sum, min(min)::float8 as min, max(max)::float8 as max
      from tracker_rollups_30m
      where pet_id = ${petId} and kind in (${kindList(kinds)})
        and bucket_start >= ${start} and bucket_start < ${end}
      group by 1, 2
    ),
    cov as materialized (${coverageDays(petId, sql`${coverageFrom.toISOString()}::timestamptz`, end)})
    ${kindArrays(sql`
      select k.n, k.kind::text as kind, extract(epoch from slot)::float8 as start, coalesce(a.count, 0) as count,
             a.sum, a.sum / nullif(a.count, 0) as avg, a.min, a.max
      from unnest(array[${kindList(kinds)}]) with ordinality as k(kind, n)
      cross join generate_series(${start}, ${end} - ${step}, ${step}) as slot
      left join agg a on a.kind = k.kind and a.bucket = slot`)}`,
  );
  return byKind(kinds, rows, (coverage, starts) =>
    subDailyCoverage(
      coverage,
      coverageFrom.getTime() / 1000,
      period.end.getTime() / 1000,
      starts,
      stepSeconds[bucketSize],
    ),
  );
}

/** One bucket per local calendar day of the period, from the daily rollups. */
export async function dailyBuckets(
  db: DbOrTx,
  petId: string,
  kind: ReadingKind,
  timezone: string,
  period: ChartPeriod,
): Promise<BucketRow[]> {
  return (await dailyBucketsOfKinds(db, petId, [kind], timezone, period)).get(kind) ?? [];
}

/** `dailyBuckets` of several kinds in one statement, on one series of local days; `coverageFrom` as above. */
export async function dailyBucketsOfKinds(
  db: DbOrTx,
  petId: string,
  kinds: readonly ReadingKind[],
  timezone: string,
  period: ChartPeriod,
  coverageFrom: Date = period.start,
): Promise<Map<ReadingKind, BucketRow[]>> {
  const end = sql`${period.end.toISOString()}::timestamptz`;
  const rows = await executePrepared<KindArraysRow>(
    db,
    sql`
    with days as (
      select d::date as day
      from generate_series(${period.startDate}::timestamp, ${period.endDate}::timestamp - interval '1 day',
                           interval '1 day') as d
    ),
    cov as materialized (${coverageDays(petId, sql`${coverageFrom.toISOString()}::timestamptz`, end)})
    ${kindArrays(sql`
      select k.n, k.kind::text as kind,
             extract(epoch from (days.day::timestamp at time zone ${timezone}))::float8 as start,
             coalesce(r.count, 0) as count, r.sum::float8 as sum, r.sum::float8 / nullif(r.count, 0) as avg,
             r.min::float8 as min, r.max::float8 as max
      from unnest(array[${kindList(kinds)}]) with ordinality as k(kind, n)
      cross join days
      left join (
        select kind, local_date, count, sum, min, max
        from tracker_rollups_daily
        where pet_id = ${petId} and kind in (${kindList(kinds)})
          and local_date >= ${period.startDate}::date and local_date < ${period.endDate}::date
      ) as r on r.kind = k.kind and r.local_date = days.day`)}`,
  );
  return byKind(kinds, rows, (coverage, starts) =>
    dailyCoverage(coverage, coverageFrom.getTime() / 1000, period.end.getTime() / 1000, starts),
  );
}

/**
 * The one row of `bucketsOfPeriod`: the period, the pet (`lookup` sources), the coverage days, and the
 * buckets as one JSON array in text per column, in no order but pairwise (see `bucketColumns`).
 */
interface PeriodBucketsRow extends CoverageColumns, BucketArrays {
  period_start: number;
  period_end: number;
  period_start_date: string;
  period_end_date: string;
  pet_timezone: string;
  pet_species: Species;
  pet_thresholds: RespiratoryThresholds | null;
}

/**
 * The pet a chart statement is about: its id and zone when the caller has looked it up already, or
 * `lookup`, the access policy's scoped pet read as a one-row select (columns `timezone`, `species`,
 * `thresholds`: the override, null without one) that the statement runs first, so a chart request is
 * one round trip. An unknown or out-of-scope pet makes the statement return no row at all.
 */
export type ChartPetSource = { id: string; timezone: string } | { id: string; lookup: SQL };

/** The pet as the statement read it (`lookup` sources only). */
export interface StatementPet {
  timezone: string;
  species: Species;
  thresholds: RespiratoryThresholds | null;
}

/** What `bucketsOfPeriod` read: the zone it used, the period and buckets, the pet when it looked it up. */
export interface PeriodBuckets {
  timezone: string;
  period: ChartPeriod;
  buckets: BucketRow[];
  pet: StatementPet | undefined;
}

/**
 * A period and its buckets in ONE round trip: the same period as `periodContaining` / `periodCovering`
 * and the same buckets as `subDailyBuckets` / `dailyBuckets`, with the period computed by the database
 * inside the bucket query instead of in a query of its own. With a `lookup` source the pet's scoped
 * read runs first in the same statement and its zone feeds the period: undefined when the pet is
 * unknown or out of the actor's scope.
 */
export async function bucketsOfPeriod(
  db: DbOrTx,
  pet: ChartPetSource,
  kind: ReadingKind,
  bucketSize: '30m' | '1h' | '1d',
  periodOf: PeriodSql,
): Promise<PeriodBuckets | undefined> {
  const looked = 'lookup' in pet;
  const timezone = looked ? sql`(select timezone from pet)` : sql`${pet.timezone}`;
  const petCte = looked ? sql`pet as materialized (${pet.lookup}),` : sql``;
  // The pet's row joins the one row: no pet, no row; a known zone needs no lookup at all.
  const petFrom = looked ? sql`pet cross join ` : sql``;
  const cov = sql`cov as materialized (${coverageDays(pet.id, sql`(select start_ts from p)`, sql`(select end_ts from p)`)})`;
  let buckets: SQL;
  if (bucketSize === '1d') {
    buckets = sql`
      select extract(epoch from (days.day::timestamp at time zone ${timezone}))::float8 as start,
             coalesce(r.count, 0) as count, r.sum::float8 as sum, r.sum::float8 / nullif(r.count, 0) as avg,
             r.min::float8 as min, r.max::float8 as max
      from p cross join generate_series(p.start_date::timestamp, p.end_date::timestamp - interval '1 day',
                                        interval '1 day') as d
      cross join lateral (select d::date as day) as days
      left join (
        select local_date, count, sum, min, max
        from tracker_rollups_daily, p
        where pet_id = ${pet.id} and kind = ${kind}::reading_kind
          and local_date >= p.start_date and local_date < p.end_date
      ) as r on r.local_date = days.day`;
  } else {
    const step = sql`${stepOf[bucketSize]}::interval`;
    buckets = sql`
      with agg as (
        select date_bin(${step}, r.bucket_start, p.start_ts) as bucket,
               sum(r.count)::int as count, sum(r.sum)::float8 as sum, min(r.min)::float8 as min, max(r.max)::float8 as max
        from p join tracker_rollups_30m r
          on r.pet_id = ${pet.id} and r.kind = ${kind}::reading_kind
         and r.bucket_start >= p.start_ts and r.bucket_start < p.end_ts
        group by 1
      )
      select extract(epoch from slot)::float8 as start, coalesce(a.count, 0) as count, a.sum,
             a.sum / nullif(a.count, 0) as avg, a.min, a.max
      from p cross join generate_series(p.start_ts, p.end_ts - ${step}, ${step}) as slot
      left join agg a on a.bucket = slot`;
  }
  const query = sql`
    with ${petCte} p as materialized (${periodOf(timezone)}),
    ${cov}
    select ${
      looked
        ? sql`pet.timezone as pet_timezone, pet.species::text as pet_species, pet.thresholds as pet_thresholds,`
        : sql``
    } extract(epoch from p.start_ts)::float8 as period_start, extract(epoch from p.end_ts)::float8 as period_end,
      p.start_date::text as period_start_date, p.end_date::text as period_end_date,
      cov.coverage_days, cov.coverage_bits, b.*
    from ${petFrom} p cross join cov cross join (select ${bucketColumns} from (${buckets}) as b) as b`;
  const [row] = await executePrepared<PeriodBucketsRow>(db, query);
  if (!row) {
    if (looked) return undefined;
    throw new Error('a chart period has no buckets');
  }
  if (!row.starts) throw new Error('a chart period has no buckets');
  const [from, end] = [row.period_start, row.period_end];
  return {
    timezone: looked ? row.pet_timezone : pet.timezone,
    period: {
      start: new Date(from * 1000),
      end: new Date(end * 1000),
      startDate: row.period_start_date,
      endDate: row.period_end_date,
    },
    buckets: bucketsOfRow(row, (starts) =>
      bucketSize === '1d'
        ? dailyCoverage(coverageOfColumns(row), from, end, starts)
        : subDailyCoverage(coverageOfColumns(row), from, end, starts, stepSeconds[bucketSize]),
    ),
    pet: looked
      ? { timezone: row.pet_timezone, species: row.pet_species, thresholds: row.pet_thresholds }
      : undefined,
  };
}
