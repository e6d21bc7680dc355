import type { BucketSize, ReadingKind, RespiratoryThresholds, Species } from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executePrepared } from '../../db/plain-statement.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * A chart's period: UTC instants [start, end) and the same bounds as local dates in the pet's timezone
 * ('YYYY-MM-DD', end exclusive). Periods always begin on a local bucket boundary.
 */
export interface ChartPeriod {
  start: Date;
  end: Date;
  startDate: string;
  endDate: string;
}

/** Calendar units whose local period a scope covers; 'isoyear' is the ISO week-numbering year. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'isoyear';

export interface PeriodRow {
  start: number;
  end: number;
  start_date: string;
  end_date: string;
}

function toPeriod(row: PeriodRow | undefined): ChartPeriod {
  if (!row) throw new Error('no period');
  return {
    start: new Date(row.start * 1000),
    end: new Date(row.end * 1000),
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

/**
 * The local calendar period of `unit` that contains `at`, in `timezone`. The arithmetic happens on
 * local (zone-less) timestamps, then each bound is placed in UTC, so a period over a DST change is
 * 23 or 25 hours longer or shorter, never shifted.
 */
export async function periodContaining(
  db: DbOrTx,
  timezone: string,
  unit: PeriodUnit,
  at: Date,
): Promise<ChartPeriod> {
  const result = await db.execute(sql`
    select extract(epoch from start_ts)::float8 as start, extract(epoch from end_ts)::float8 as end,
           start_date::text as start_date, end_date::text as end_date
    from (${periodContainingSql(timezone, unit, at)}) as p`);
  return toPeriod(rowsOf<PeriodRow>(result)[0]);
}

/** `periodContaining` as a one-row subquery (start_ts, end_ts, start_date, end_date), to run inside a chart's query. */
function periodContainingSql(timezone: string | SQL, unit: PeriodUnit, at: Date): SQL {
  const local = sql`(${at.toISOString()}::timestamptz at time zone ${timezone})`;
  const bounds =
    unit === 'isoyear'
      ? sql`select date_trunc('week', make_date(y, 1, 4)::timestamp) as local_start,
                   date_trunc('week', make_date(y + 1, 1, 4)::timestamp) as local_end
            from (select extract(isoyear from ${local})::int as y) as iso`
      : sql`select s as local_start, s + ${`1 ${unit}`}::interval as local_end
            from (select date_trunc(${unit}, ${local}) as s) as truncated`;
  return sql`
    select (local_start at time zone ${timezone}) as start_ts, (local_end at time zone ${timezone}) as end_ts,
           local_start::date as start_date, local_end::date as end_date
    from (${bounds}) as b`;
}

/**
 * The smallest span of whole `bucketSize` buckets, aligned on the pet's local midnights, that covers
 * [start, end). Hours and half hours step in real (UTC) time from the local midnight before `start`;
 * days are local calendar days.
 */
export async function periodCovering(
  db: DbOrTx,
  timezone: string,
  bucketSize: Exclude<BucketSize, '1w'>,
  start: Date,
  end: Date,
): Promise<ChartPeriod> {
  const result = await db.execute(sql`
    select extract(epoch from start_ts)::float8 as start, extract(epoch from end_ts)::float8 as end,
           start_date::text as start_date, end_date::text as end_date
    from (${periodCoveringSql(timezone, bucketSize, start, end)}) as p`);
  return toPeriod(rowsOf<PeriodRow>(result)[0]);
}

/** `periodCovering` as a one-row subquery (start_ts, end_ts, start_date, end_date), to run inside a chart's query. */
function periodCoveringSql(
  timezone: string | SQL,
  bucketSize: Exclude<BucketSize, '1w'>,
  start: Date,
  end: Date,
): SQL {
  const from = sql`${start.toISOString()}::timestamptz`;
  const last = sql`(${end.toISOString()}::timestamptz - interval '1 microsecond')`;
  const localMidnight = sql`(date_trunc('day', ${from} at time zone ${timezone}) at time zone ${timezone})`;
  const step = bucketSize === '30m' ? '30 minutes' : '1 hour';
  const bounds =
    bucketSize === '1d'
      ? sql`select (${from} at time zone ${timezone})::date::timestamp as local_start,
                   ((${last} at time zone ${timezone})::date + 1)::timestamp as local_end`
      : sql`select (s at time zone ${timezone}) as local_start, (e at time zone ${timezone}) as local_end
            from (select date_bin(${step}::interval, ${from}, ${localMidnight}) as s,
                         date_bin(${step}::interval, ${last}, ${localMidnight}) + ${step}::interval as e) as aligned`;
  return sql`
    select (local_start at time zone ${timezone}) as start_ts, (local_end at time zone ${timezone}) as end_ts,
           local_start::date as start_date, local_end::date as end_date
    from (${bounds}) as b`;
}

/**
 * A bucket as the database gives it: `start` in epoch seconds; count 0 and nulls when empty.
 * `coverage` is the share of the bucket's half hours the collar covered (0 to 1, see
 * `coveredHalfHours`), counted in the bucket's own statement; null for weight entries (no collar).
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
const halfHoursOf = { '30m': 1, '1h': 2 } as const;

/** The half-hour rollups' UTC grid (trackers.writes.ts): coverage days are its days. */
const GRID_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;
const FORTY_EIGHT_BITS = 281_474_976_710_655; // 2^48 - 1: a day's half hours

/**
 * The half hours the pet's collar covered, as one row per UTC day of [start, end) (`day`, `k0` its
 * first half hour counted in half hours since 1970, `bits` bit i for the half hour i × 30 minutes
 * after `day`). Covered is the collar-data rule's (pending cards, `COVERAGE_SPREAD_HOURS`): a reading
 * of any kind stands for its own half hour and the rest of the four hours after it, because the
 * slowest collars (v1) measure every four hours and drinking or head shaking is only sent when it
 * happens; a stretch with nothing for longer is a collar that was off. So a half hour is covered when
 * it or one of the seven before it holds a reading: the day's reading bits (`tracker_coverage_days`,
 * the half-hour rollups' own buckets) with the previous day's last seven above them, OR-ed with
 * themselves shifted by one to seven. Bit arithmetic on a row per day, where the half hours were
 * once a row each: a 300-day chart's coverage took 120 ms on 16,000 rows (ARCHITECTURE.md).
 */
const coveredDays = (petId: string, start: SQL, end: SQL) => sql`
  select day, (date_part('epoch', day) / 1800)::int8 as k0,
         -- PostgreSQL gives | >> & one precedence, left to right: hence every bracket.
         ((y | (y >> 1) | (y >> 2) | (y >> 3) | (y >> 4) | (y >> 5) | (y >> 6) | (y >> 7))
          & ${sql.raw(String(FORTY_EIGHT_BITS))}::int8) as bits
  from (
    select g.day,
           (coalesce(c.half_hours, 0) << 7) | (coalesce(lag(c.half_hours) over (order by g.day), 0) >> 41) as y
    from generate_series(date_bin('1 day', ${start}, ${GRID_ORIGIN}) - interval '1 day',
                         date_bin('1 day', ${end} - interval '1 microsecond', ${GRID_ORIGIN}),
                         interval '1 day') as g(day)
    left join (
      select day, half_hours from tracker_coverage_days
      where pet_id = ${petId} and day >= date_bin('1 day', ${start}, ${GRID_ORIGIN}) - interval '1 day'
        and day < ${end}
    ) as c on c.day = g.day
  ) as shifted
  where day >= date_bin('1 day', ${start}, ${GRID_ORIGIN})`;

/** The covered half hours in [start, end) (see `coveredDays`), one row (`h`) each. */
export const coveredHalfHours = (petId: string, start: SQL, end: SQL) => sql`
  select h from (
    select d.day + i * interval '30 minutes' as h
    from (${coveredDays(petId, start, end)}) as d cross join generate_series(0, 47) as i
    where d.bits & (1::int8 << i) <> 0
  ) as covered
  where h >= ${start} and h < ${end}`;

/**
 * The half hours of a local day: 48, or 46 and 50 across a DST change, so a fully covered short day
 * is 100 %. `day` is an SQL date, `timezone` the pet's.
 */
export const halfHoursOfDay = (day: SQL, timezone: string | SQL) =>
  sql`(extract(epoch from ((${day} + 1)::timestamp at time zone ${timezone})
                       - (${day}::timestamp at time zone ${timezone})) / 1800)`;

/** An instant as the first half hour of the grid at or after it, counted in half hours since 1970. */
const halfHourAtOrAfter = (at: SQL) => sql`ceil(date_part('epoch', ${at}) / 1800)::int8`;

/**
 * The covered half hours of each local day of [start, end): a subquery of the daily statements. A
 * half hour belongs to the local day its start falls on (a 45-minute zone's day starts mid half
 * hour), so a day is the grid's half hours [a, b) from its midnights; it spans at most three UTC
 * days, whose covered bits in that span are counted.
 */
const coveredHalfHoursByDay = (petId: string, timezone: string | SQL, start: SQL, end: SQL) => sql`
  with l as materialized (
    select ld::date as local_date,
           ${halfHourAtOrAfter(sql`greatest(ld at time zone ${timezone}, ${start})`)} as a,
           ${halfHourAtOrAfter(sql`least((ld + interval '1 day') at time zone ${timezone}, ${end})`)} as b
    from generate_series((${start} at time zone ${timezone})::date::timestamp,
                         ((${end} - interval '1 microsecond') at time zone ${timezone})::date::timestamp,
                         interval '1 day') as ld
  )
  select l.local_date, sum(bit_count((d.bits & ((1::int8 << m.hi) - (1::int8 << m.lo)))::bit(64))::int)::int as half_hours
  from l
  cross join generate_series(0, 2) as o
  join (${coveredDays(petId, start, end)}) as d on d.k0 = (l.a / 48 + o) * 48
  cross join lateral (select greatest(l.a - d.k0, 0)::int as lo, least(l.b - d.k0, 48)::int as hi) as m
  where m.hi > m.lo
  group by 1`;

/**
 * The covered half hours of each bucket of `step` (binned from `origin`) over [start, end): a subquery
 * of the sub-daily statements.
 */
const coveredHalfHoursByBucket = (petId: string, step: SQL, origin: SQL, start: SQL, end: SQL) => sql`
  select date_bin(${step}, h, ${origin}) as bucket, count(*)::int as half_hours
  from (${coveredHalfHours(petId, start, end)}) as c
  group by 1`;

/** Covered over total half hours, at most 1 (a 45-minute zone's day may start mid half hour). */
const dailyCoverage = (covered: SQL, day: SQL, timezone: string | SQL) =>
  sql`least(1.0, coalesce(${covered}, 0) / ${halfHoursOfDay(day, timezone)})::float8`;

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

/** A bucket of one of several kinds read together. */
interface KindBucketRow extends BucketRow {
  kind: ReadingKind;
}

function byKind(kinds: readonly ReadingKind[], rows: KindBucketRow[]): Map<ReadingKind, BucketRow[]> {
  const map = new Map<ReadingKind, BucketRow[]>(kinds.map((kind) => [kind, []]));
  for (const { kind, ...bucket } of rows) map.get(kind)?.push(bucket);
  return map;
}

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
  const coverageStart = sql`${coverageFrom.toISOString()}::timestamptz`;
  const rows = await executePrepared<KindBucketRow>(
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
    cov as (${coveredHalfHoursByBucket(petId, step, start, coverageStart, end)})
    select k.kind::text as kind, extract(epoch from slot)::float8 as start, coalesce(a.count, 0) as count,
           a.sum, a.sum / nullif(a.count, 0) as avg, a.min, a.max,
           coalesce(cov.half_hours, 0)::float8 / ${halfHoursOf[bucketSize]}::float8 as coverage
    from unnest(array[${kindList(kinds)}]) as k(kind)
    cross join generate_series(${start}, ${end} - ${step}, ${step}) as slot
    left join agg a on a.kind = k.kind and a.bucket = slot
    left join cov on cov.bucket = slot
    order by k.kind, slot`,
  );
  return byKind(kinds, rows);
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
  const rows = await executePrepared<KindBucketRow>(
    db,
    sql`
    with days as (
      select d::date as day
      from generate_series(${period.startDate}::timestamp, ${period.endDate}::timestamp - interval '1 day',
                           interval '1 day') as d
    )
    select k.kind::text as kind,
           extract(epoch from (days.day::timestamp at time zone ${timezone}))::float8 as start,
           coalesce(r.count, 0) as count, r.sum::float8 as sum, r.sum::float8 / nullif(r.count, 0) as avg,
           r.min::float8 as min, r.max::float8 as max,
           ${dailyCoverage(sql`c.half_hours`, sql`days.day`, timezone)} as coverage
    from unnest(array[${kindList(kinds)}]) as k(kind)
    cross join days
    left join (
      select kind, local_date, count, sum, min, max
      from tracker_rollups_daily
      where pet_id = ${petId} and kind in (${kindList(kinds)})
        and local_date >= ${period.startDate}::date and local_date < ${period.endDate}::date
    ) as r on r.kind = k.kind and r.local_date = days.day
    left join (${coveredHalfHoursByDay(
      petId,
      timezone,
      sql`${coverageFrom.toISOString()}::timestamptz`,
      sql`${period.end.toISOString()}::timestamptz`,
    )}) as c on c.local_date = days.day
    order by k.kind, days.day`,
  );
  return byKind(kinds, rows);
}

/**
 * The `days` local calendar days ending with the one before `endDate` (exclusive), in `timezone`: a
 * span over a DST change is an hour shorter or longer, never shifted.
 */
export async function localDaysPeriod(
  db: DbOrTx,
  timezone: string,
  endDate: string,
  days: number,
): Promise<ChartPeriod> {
  const result = await db.execute(sql`
    select extract(epoch from start_ts)::float8 as start, extract(epoch from end_ts)::float8 as end,
           start_date::text as start_date, end_date::text as end_date
    from (${localDaysPeriodSql(timezone, sql`${endDate}`, days)}) as p`);
  return toPeriod(rowsOf<PeriodRow>(result)[0]);
}

/** `localDaysPeriod` as a one-row subquery (start_ts, end_ts, start_date, end_date); `endDate` is SQL. */
function localDaysPeriodSql(timezone: string | SQL, endDate: SQL, days: number): SQL {
  return sql`
    select (local_start at time zone ${timezone}) as start_ts, (local_end at time zone ${timezone}) as end_ts,
           local_start::date as start_date, local_end::date as end_date
    from (select ${endDate}::date::timestamp - ${`${days} days`}::interval as local_start,
                 ${endDate}::date::timestamp as local_end) as b`;
}

export const localDaysPeriodOf =
  (endDate: SQL, days: number): PeriodSql =>
  (timezone) =>
    localDaysPeriodSql(timezone, endDate, days);

/**
 * A period as one json value (`start`, `end`, `start_date`, `end_date`), for a statement that reads it
 * beside something else (the vitals' pet lookup); `periodOfJson` turns it back into a `ChartPeriod`.
 */
export const periodJsonSql = (period: SQL) => sql<PeriodRow>`(select json_build_object(
    'start', extract(epoch from start_ts)::float8, 'end', extract(epoch from end_ts)::float8,
    'start_date', start_date::text, 'end_date', end_date::text) from (${period}) as p)`;

export const periodOfJson = (row: PeriodRow): ChartPeriod => toPeriod(row);

/** A bucket row of `bucketsOfPeriod`: the period and pet columns are set on the first row only. */
interface PeriodBucketRow extends BucketRow {
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

/** A period's bounds as a one-row subquery (start_ts, end_ts, start_date, end_date), given the zone as SQL. */
export type PeriodSql = (timezone: SQL) => SQL;

export const periodContainingOf =
  (unit: PeriodUnit, at: Date): PeriodSql =>
  (timezone) =>
    periodContainingSql(timezone, unit, at);

export const periodCoveringOf =
  (bucketSize: Exclude<BucketSize, '1w'>, start: Date, end: Date): PeriodSql =>
  (timezone) =>
    periodCoveringSql(timezone, bucketSize, start, end);

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
  // The pet's row joins every bucket row: no pet, no row; a known zone needs no lookup at all.
  const petFrom = looked ? sql`pet cross join ` : sql``;
  // The period and the pet are read off the first row: null on the others, so the driver has a few
  // hundred fewer values to parse per chart.
  const onFirst = (first: SQL) => (value: SQL) => sql`case when ${first} then ${value} end`;
  const columns = (first: SQL) => {
    const once = onFirst(first);
    return sql`${
      looked
        ? sql`${once(sql`pet.timezone`)} as pet_timezone, ${once(sql`pet.species::text`)} as pet_species,
              ${once(sql`pet.thresholds`)} as pet_thresholds,`
        : sql``
    } ${once(sql`extract(epoch from p.start_ts)::float8`)} as period_start,
      ${once(sql`extract(epoch from p.end_ts)::float8`)} as period_end,
      ${once(sql`p.start_date::text`)} as period_start_date, ${once(sql`p.end_date::text`)} as period_end_date`;
  };
  let query: SQL;
  if (bucketSize === '1d') {
    query = sql`
      with ${petCte} p as materialized (${periodOf(timezone)}),
      days as (
        select d::date as day
        from p, generate_series(p.start_date::timestamp, p.end_date::timestamp - interval '1 day', interval '1 day') as d
      )
      select ${columns(sql`days.day = p.start_date`)},
             extract(epoch from (days.day::timestamp at time zone ${timezone}))::float8 as start,
             coalesce(r.count, 0) as count, r.sum::float8 as sum, r.sum::float8 / nullif(r.count, 0) as avg,
             r.min::float8 as min, r.max::float8 as max,
             ${dailyCoverage(sql`c.half_hours`, sql`days.day`, timezone)} as coverage
      from ${petFrom} p cross join days
      left join (
        select local_date, count, sum, min, max
        from tracker_rollups_daily, p
        where pet_id = ${pet.id} and kind = ${kind}::reading_kind
          and local_date >= p.start_date and local_date < p.end_date
      ) as r on r.local_date = days.day
      left join (${coveredHalfHoursByDay(
        pet.id,
        timezone,
        sql`(select start_ts from p)`,
        sql`(select end_ts from p)`,
      )}) as c on c.local_date = days.day
      order by days.day`;
  } else {
    const step = sql`${stepOf[bucketSize]}::interval`;
    query = sql`
      with ${petCte} p as materialized (${periodOf(timezone)}),
      agg as (
        select date_bin(${step}, r.bucket_start, p.start_ts) as bucket,
               sum(r.count)::int as count, sum(r.sum)::float8 as sum, min(r.min)::float8 as min, max(r.max)::float8 as max
        from p join tracker_rollups_30m r
          on r.pet_id = ${pet.id} and r.kind = ${kind}::reading_kind
         and r.bucket_start >= p.start_ts and r.bucket_start < p.end_ts
        group by 1
      ),
      cov as (${coveredHalfHoursByBucket(
        pet.id,
        step,
        sql`(select start_ts from p)`,
        sql`(select start_ts from p)`,
        sql`(select end_ts from p)`,
      )})
      select ${columns(sql`slot = p.start_ts`)},
             extract(epoch from slot)::float8 as start, coalesce(a.count, 0) as count, a.sum,
             a.sum / nullif(a.count, 0) as avg, a.min, a.max,
             coalesce(cov.half_hours, 0)::float8 / ${halfHoursOf[bucketSize]}::float8 as coverage
      from ${petFrom} p cross join generate_series(p.start_ts, p.end_ts - ${step}, ${step}) as slot
      left join agg a on a.bucket = slot
      left join cov on cov.bucket = slot
      order by slot`;
  }
  const rows = await executePrepared<PeriodBucketRow>(db, query);
  const first = rows[0];
  if (!first) {
    if (looked) return undefined;
    throw new Error('a chart period has no buckets');
  }
  return {
    timezone: looked ? first.pet_timezone : pet.timezone,
    period: {
      start: new Date(first.period_start * 1000),
      end: new Date(first.period_end * 1000),
      startDate: first.period_start_date,
      endDate: first.period_end_date,
    },
    buckets: rows.map(({ start, count, sum, avg, min, max, coverage }) => ({
      start,
      count,
      sum,
      avg,
      min,
      max,
      coverage,
    })),
    pet: looked
      ? { timezone: first.pet_timezone, species: first.pet_species, thresholds: first.pet_thresholds }
      : undefined,
  };
}
