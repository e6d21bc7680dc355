import type { BucketSize } from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

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
