import {
  defaultRespiratoryThresholds,
  type ReadingKind,
  type ReadingSource,
  type RespiratoryThresholds,
  type Species,
} from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executePrepared } from '../../../db/plain-statement.ts';
import type { Actor } from '../../../policy/actor.ts';
import { findPetWithOwner, scopedPetSql } from '../../core/pets/index.ts';
import {
  type ChartPetSource,
  type CoverageColumns,
  coverageDays,
  coverageOfColumns,
  kindList,
} from './trackers.charts.repository.ts';
import { dailyCoverage } from './trackers.coverage.ts';
import { respiratoryThresholds } from './trackers.table.ts';
import {
  latestWeightEntryJsonSql,
  type RawEntryRow,
  type WeightEntryWithPreviousRow,
  weightEntryOfJson,
} from './trackers.weight.repository.ts';

/** What every tracker read needs to know about the pet: where it lives (its days) and its targets. */
export interface PetTrackerContext {
  id: string;
  species: Species;
  birthDate: string | null;
  timezone: string;
  targetWeightKg: number | null;
  /** Its override, else its species' defaults: `abnormal` is computed with these at read time. */
  respiratoryThresholds: RespiratoryThresholds;
}

/** The pet's threshold override as a scalar subquery over `pets.id`: null without one. */
function thresholdsOverrideSql() {
  const t = respiratoryThresholds;
  return sql<RespiratoryThresholds | null>`(select json_build_object(
    'low', ${t.low}, 'high', ${t.high}, 'highOrange', ${t.highOrange}, 'highRed', ${t.highRed})
    from ${t} where ${t.petId} = "pets"."id")`;
}

/** The pet through the pets module's one lookup, with its threshold override read in the same query. */
export async function findPetTrackerContext(
  db: DbOrTx,
  actor: Actor,
  petId: string,
): Promise<PetTrackerContext | undefined> {
  return (await findPetTrackerContextWith(db, actor, petId, {}))?.pet;
}

/**
 * `findPetTrackerContext` with `extra` read in the same query (scalar subqueries over `pets.id`, as
 * `findPetWithOwner` takes them): what a read needs of the pet's zone before its own statements.
 */
export async function findPetTrackerContextWith<E extends Record<string, SQL>>(
  db: DbOrTx,
  actor: Actor,
  petId: string,
  extra: E,
): Promise<
  { pet: PetTrackerContext; extra: { [K in keyof E]: E[K] extends SQL<infer T> ? T : never } } | undefined
> {
  const found = await findPetWithOwner(db, actor, petId, {
    extra: { ...extra, thresholds: thresholdsOverrideSql() },
  });
  if (!found) return undefined;
  const { pet } = found;
  return {
    pet: {
      id: pet.id,
      species: pet.species,
      birthDate: pet.birthDate,
      timezone: found.timezone,
      targetWeightKg: found.targetWeightKg,
      respiratoryThresholds: thresholdsOf({
        species: pet.species,
        thresholds: found.extra.thresholds as RespiratoryThresholds | null,
      }),
    },
    extra: found.extra as never,
  };
}

/**
 * The same pet read as SQL for a chart statement to run first (`ChartPetSource`'s `lookup`): the pets
 * module's scoped lookup, with the threshold override as `thresholds`.
 */
export function petChartLookup(actor: Actor, petId: string): ChartPetSource {
  return { id: petId, lookup: scopedPetSql(actor, petId, { thresholds: thresholdsOverrideSql() }) };
}

/** The thresholds a chart read with its pet applies: the override, else the species' defaults. */
export function thresholdsOf(pet: { species: Species; thresholds: RespiratoryThresholds | null }) {
  return pet.thresholds ?? defaultRespiratoryThresholds[pet.species];
}

export interface LatestReadingRow {
  value: number;
  measuredAt: Date;
  source: ReadingSource;
}

export interface DailyTotalsRow {
  kind: ReadingKind;
  sum: number;
  count: number;
}

/** The pet profile's tracker summary (`trackersNewest`). */
export interface TrackersNewest {
  respiratory: LatestReadingRow | undefined;
  heart: LatestReadingRow | undefined;
  weight: WeightEntryWithPreviousRow | undefined;
  /** The local day `day`'s drinking and shaking totals, from the daily rollups. */
  totals: DailyTotalsRow[];
}

/**
 * The profile's tracker summary in one statement: the newest respiratory and heart-rate readings (each
 * one step down the (pet, kind, time) index), the newest weight entry and the day's drinking and
 * shaking totals. Four reads before, each a round trip that cost as much Node and PostgreSQL time as
 * the read itself (see `vitalsNewest`).
 */
export async function trackersNewest(db: DbOrTx, petId: string, day: string): Promise<TrackersNewest> {
  const [row] = await executePrepared<{
    respiratory: LatestReadingJson | null;
    heart: LatestReadingJson | null;
    weight: RawEntryRow | null;
    totals: DailyTotalsRow[];
  }>(
    db,
    sql`select ${latestReadingJsonSql(petId, 'respiratory_rate')} as respiratory,
               ${latestReadingJsonSql(petId, 'heart_rate')} as heart,
               ${latestWeightEntryJsonSql(petId)} as weight,
               (select coalesce(json_agg(t), '[]'::json)
                from (select kind::text as kind, sum::float8 as sum, count
                      from tracker_rollups_daily
                      where pet_id = ${petId} and local_date = ${day}::date
                        and kind in (${kindList(['drinking', 'shaking'])})) as t) as totals`,
  );
  return {
    respiratory: latestReadingOfJson(row?.respiratory ?? null),
    heart: latestReadingOfJson(row?.heart ?? null),
    weight: weightEntryOfJson(row?.weight ?? null),
    totals: row?.totals ?? [],
  };
}

export interface WindowTotalsRow {
  total: number | null;
  days: number;
}

/** Sum and number of days with data of the daily totals over local dates [from, to). */
export async function windowTotals(
  db: DbOrTx,
  petId: string,
  kind: ReadingKind,
  from: string,
  to: string,
): Promise<WindowTotalsRow> {
  const rows = await executePrepared<WindowTotalsRow>(
    db,
    sql`
    select sum(sum)::float8 as total, count(*)::int as days
    from tracker_rollups_daily
    where pet_id = ${petId} and kind = ${kind}::reading_kind
      and local_date >= ${from}::date and local_date < ${to}::date`,
  );
  return rows[0] ?? { total: null, days: 0 };
}

export interface DayAverageRow {
  day: string;
  sum: number;
  count: number;
  /** The share of the day's half hours the collar covered, as the charts' daily buckets count it. */
  coverage: number;
}

/**
 * The newest local day before `before` with readings of `kind`, from the daily rollups, and how much of
 * it the collar covered (as the charts' daily buckets count it, from its coverage days), in one statement.
 */
export async function lastDayBefore(
  db: DbOrTx,
  petId: string,
  kind: ReadingKind,
  timezone: string,
  before: string,
): Promise<DayAverageRow | undefined> {
  const dayStart = sql`(d.local_date::timestamp at time zone ${timezone})`;
  const dayEnd = sql`((d.local_date + 1)::timestamp at time zone ${timezone})`;
  const rows = await executePrepared<
    Omit<DayAverageRow, 'coverage'> & CoverageColumns & { day_start: number; day_end: number }
  >(
    db,
    sql`
    select d.local_date::text as day, d.sum::float8 as sum, d.count,
           date_part('epoch', ${dayStart}) as day_start, date_part('epoch', ${dayEnd}) as day_end,
           cov.coverage_days, cov.coverage_bits
    from (
      select local_date, sum, count
      from tracker_rollups_daily
      where pet_id = ${petId} and kind = ${kind}::reading_kind and local_date < ${before}::date
      order by local_date desc
      limit 1
    ) as d
    cross join lateral (${coverageDays(petId, dayStart, dayEnd)}) as cov`,
  );
  const row = rows[0];
  if (!row) return undefined;
  const [coverage = 0] = dailyCoverage(coverageOfColumns(row), row.day_start, row.day_end, [row.day_start]);
  return { day: row.day, sum: row.sum, count: row.count, coverage };
}

export interface LastDayTotalRow {
  kind: ReadingKind;
  /** The local day's midnight, epoch seconds. */
  start: number;
  sum: number;
}

/**
 * For each kind, the total of the newest local day with readings before `before` (exclusive), from the
 * daily rollups: one step down the primary key per kind.
 */
const lastDayTotalsSql = (
  petId: string,
  kinds: readonly ReadingKind[],
  timezone: string,
  before: string,
) => sql`
    select k.kind::text as kind,
           extract(epoch from (d.local_date::timestamp at time zone ${timezone}))::float8 as start, d.sum
    from unnest(array[${kindList(kinds)}]) as k(kind)
    cross join lateral (
      select local_date, sum::float8 as sum
      from tracker_rollups_daily
      where pet_id = ${petId} and kind = k.kind and local_date < ${before}::date
      order by local_date desc
      limit 1
    ) as d`;

/** A newest reading as `latestReadingJsonSql` gives it: `measured_at` in epoch seconds. */
interface LatestReadingJson {
  value: number;
  measured_at: number;
  source: ReadingSource;
}

/** The newest reading of a kind as a json scalar subquery (one step down the (pet, kind, time) index), null without one. */
const latestReadingJsonSql = (petId: string, kind: ReadingKind) => sql`(
    select json_build_object('value', value, 'measured_at', extract(epoch from measured_at)::float8, 'source', source)
    from tracker_readings
    where pet_id = ${petId} and kind = ${kind}::reading_kind
    order by measured_at desc, id desc
    limit 1)`;

const latestReadingOfJson = (row: LatestReadingJson | null): LatestReadingRow | undefined =>
  row ? { value: row.value, measuredAt: new Date(row.measured_at * 1000), source: row.source } : undefined;

/** Readings' (or weight entries') count and sum over a period; sum null without any. */
export interface PeriodTotal {
  count: number;
  sum: number | null;
}

/**
 * The period before the vitals' range: `daily` reads the daily rollups' local days [startDate, endDate),
 * otherwise the half-hour rollups' [start, end); weight entries by their instant, [start, end).
 */
export interface PreviousPeriod {
  daily: boolean;
  start: Date;
  end: Date;
  startDate: string;
  endDate: string;
}

/** The collar kinds' totals over the previous period, as a json array of { kind, count, sum }. */
function previousCollarTotalsSql(petId: string, kinds: readonly ReadingKind[], previous: PreviousPeriod) {
  const [rollups, inPeriod] = previous.daily
    ? [
        sql`tracker_rollups_daily`,
        sql`local_date >= ${previous.startDate}::date and local_date < ${previous.endDate}::date`,
      ]
    : [
        sql`tracker_rollups_30m`,
        sql`bucket_start >= ${previous.start.toISOString()}::timestamptz
            and bucket_start < ${previous.end.toISOString()}::timestamptz`,
      ];
  return sql`(select coalesce(json_agg(json_build_object('kind', t.kind::text, 'count', t.count, 'sum', t.sum)), '[]'::json)
              from (select kind, sum(count)::int as count, sum(sum)::float8 as sum
                    from ${rollups}
                    where pet_id = ${petId} and kind in (${kindList(kinds)}) and ${inPeriod}
                    group by kind) as t)`;
}

/** The weight entries' count and sum over the previous period, as json { count, sum }. */
function previousWeightTotalSql(petId: string, previous: PreviousPeriod) {
  return sql`(select json_build_object('count', count(*)::int, 'sum', sum(value_kg)::float8)
              from weight_entries
              where pet_id = ${petId}
                and measured_at >= ${previous.start.toISOString()}::timestamptz
                and measured_at < ${previous.end.toISOString()}::timestamptz)`;
}

const totalOfJson = (row: { count: number; sum: number | null } | undefined): PeriodTotal =>
  row && row.count > 0 ? { count: row.count, sum: row.sum } : { count: 0, sum: null };

export interface VitalsNewest {
  /** The previous period's totals of each collar kind, and of the weight entries. */
  previous: { collar: Map<ReadingKind, PeriodTotal>; weight: PeriodTotal };
  respiratory: LatestReadingRow | undefined;
  heart: LatestReadingRow | undefined;
  /** The newest day's totals of drinking and shaking (`lastDayTotalsSql`). */
  totals: LastDayTotalRow[];
  weight: WeightEntryWithPreviousRow | undefined;
}

/**
 * The vitals panel's newest values in one statement: the newest respiratory and heart-rate readings,
 * the newest day's drinking and shaking totals before `before`, the newest weight entry, and the
 * previous period's totals (only its averages and totals are shown, as the change, so its buckets are
 * not read). Those were five reads: on a two-core machine each round trip's socket writes and reads
 * cost as much Node and PostgreSQL time as the read itself.
 */
export async function vitalsNewest(
  db: DbOrTx,
  petId: string,
  query: { timezone: string; before: string; kinds: readonly ReadingKind[]; previous: PreviousPeriod },
): Promise<VitalsNewest> {
  const [row] = await executePrepared<{
    respiratory: LatestReadingJson | null;
    heart: LatestReadingJson | null;
    totals: LastDayTotalRow[];
    weight: RawEntryRow | null;
    previous_collar: { kind: ReadingKind; count: number; sum: number | null }[];
    previous_weight: { count: number; sum: number | null };
  }>(
    db,
    sql`select ${latestReadingJsonSql(petId, 'respiratory_rate')} as respiratory,
               ${latestReadingJsonSql(petId, 'heart_rate')} as heart,
               (select coalesce(json_agg(t), '[]'::json)
                from (${lastDayTotalsSql(petId, ['drinking', 'shaking'], query.timezone, query.before)}) as t) as totals,
               ${latestWeightEntryJsonSql(petId)} as weight,
               ${previousCollarTotalsSql(petId, query.kinds, query.previous)} as previous_collar,
               ${previousWeightTotalSql(petId, query.previous)} as previous_weight`,
  );
  const collar = new Map(query.kinds.map((kind) => [kind, totalOfJson(undefined)]));
  for (const total of row?.previous_collar ?? []) collar.set(total.kind, totalOfJson(total));
  return {
    previous: { collar, weight: totalOfJson(row?.previous_weight) },
    respiratory: latestReadingOfJson(row?.respiratory ?? null),
    heart: latestReadingOfJson(row?.heart ?? null),
    totals: row?.totals ?? [],
    weight: weightEntryOfJson(row?.weight ?? null),
  };
}
