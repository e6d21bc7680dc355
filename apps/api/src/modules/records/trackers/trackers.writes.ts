import type { ReadingKind, ReadingSource } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

export interface ReadingInsert {
  id: string;
  petId: string;
  kind: ReadingKind;
  value: number;
  measuredAt: Date;
  source: ReadingSource;
}

// Values are float4 (`real`); they are summed as float8 so the rollups' sums carry no float4 noise.
/** Half-hour buckets are aligned on this origin (any UTC midnight would do). */
const BUCKET_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/** The UTC day (on the same origin) of a half-hour rollup's `bucket_start`, and its bit in that day. */
const utcDay = sql`date_bin('1 day', bucket_start, ${BUCKET_ORIGIN})`;
const halfHourBit = sql`(1::int8 << (extract(epoch from bucket_start - day) / 1800)::int)`;

/**
 * A PostgreSQL array literal, built here rather than by the driver, which quotes and escapes each of a
 * batch's 5,000 elements. Only for values that cannot hold a comma, quote, brace or backslash: UUIDs,
 * enum labels and numbers.
 */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

export interface InsertedReadings {
  /** How many readings were new (the others' ids were already stored). */
  inserted: number;
  /** Pets of the batch that do not exist; when there is any, nothing was written. */
  unknownPetIds: string[];
}

/**
 * Inserts readings and folds the new ones into both rollups in ONE statement, so a chart can never see
 * a reading without its rollup or the other way round. The same statement checks the batch's pets:
 * if any is unknown it writes nothing and names them (one round trip per batch instead of two).
 * Readings whose id already exists are skipped (idempotent retries) and are not counted twice.
 * Arrays travel as text because PGlite cannot bind enum arrays; times as epoch seconds, which
 * PostgreSQL reads faster than 5,000 ISO strings.
 */
export async function insertReadings(
  db: DbOrTx,
  readings: readonly ReadingInsert[],
  integrationId: string | null,
): Promise<InsertedReadings> {
  if (readings.length === 0) return { inserted: 0, unknownPetIds: [] };
  const result = await db.execute(sql`
    with input as (
      select * from unnest(
        ${arrayLiteral(readings.map((r) => r.id))}::uuid[],
        ${arrayLiteral(readings.map((r) => r.petId))}::uuid[],
        ${arrayLiteral(readings.map((r) => r.kind))}::text[],
        ${arrayLiteral(readings.map((r) => r.value))}::real[],
        ${arrayLiteral(readings.map((r) => r.measuredAt.getTime() / 1000))}::float8[],
        ${arrayLiteral(readings.map((r) => r.source))}::text[]
      ) as t(id, pet_id, kind, value, seconds, source)
    ),
    -- Each pet of the batch once: whether it exists, and its zone (its family owner's, UTC when it has
    -- none). Materialised, because inlined into the daily aggregate the planner ran the zone lookup
    -- once per reading.
    zones as materialized (
      select b.pet_id, p.id is not null as known, coalesce(u.timezone, 'UTC') as timezone
      from (select distinct pet_id from input) as b
      left join pets p on p.id = b.pet_id
      left join families f on f.id = p.family_id
      left join users u on u.id = f.owner_user_id
    ),
    inserted as (
      insert into tracker_readings (id, pet_id, kind, value, measured_at, source, integration_id)
      select id, pet_id, kind::reading_kind, value, to_timestamp(seconds), source::reading_source,
             ${integrationId}::uuid
      from input
      where not exists (select from zones where not known)
      on conflict (id) do nothing
      returning pet_id, kind, value, measured_at
    ),
    half_hours as (
      insert into tracker_rollups_30m as r (pet_id, kind, bucket_start, count, sum, min, max)
      select pet_id, kind, date_bin('30 minutes', measured_at, ${BUCKET_ORIGIN}),
             count(*), sum(value::float8), min(value), max(value)
      from inserted
      group by 1, 2, 3
      -- Concurrent batches lock rollup rows in one global order, which keeps them from deadlocking.
      order by 1, 2, 3
      on conflict (pet_id, kind, bucket_start) do update set
        count = r.count + excluded.count,
        sum = r.sum + excluded.sum,
        min = least(r.min, excluded.min),
        max = greatest(r.max, excluded.max)
      returning pet_id, bucket_start
    ),
    -- Each touched half hour sets its bit in its UTC day's coverage (trackers.table.ts), from the
    -- rollup rows themselves, so the two always name the same half hours.
    coverage as (
      insert into tracker_coverage_days as c (pet_id, day, half_hours)
      select pet_id, day, bit_or(${halfHourBit})
      from (select pet_id, bucket_start, ${utcDay} as day from half_hours) as touched
      group by 1, 2
      order by 1, 2
      on conflict (pet_id, day) do update set half_hours = c.half_hours | excluded.half_hours
      returning 1
    ),
    days as (
      insert into tracker_rollups_daily as r (pet_id, kind, local_date, count, sum, min, max)
      select i.pet_id, i.kind, (i.measured_at at time zone z.timezone)::date,
             count(*), sum(i.value::float8), min(i.value), max(i.value)
      from inserted i join zones z on z.pet_id = i.pet_id
      group by 1, 2, 3
      order by 1, 2, 3
      on conflict (pet_id, kind, local_date) do update set
        count = r.count + excluded.count,
        sum = r.sum + excluded.sum,
        min = least(r.min, excluded.min),
        max = greatest(r.max, excluded.max)
      returning 1
    )
    select (select count(*) from inserted)::int as inserted,
           (select count(*) from coverage)::int as coverage_days,
           (select count(*) from half_hours)::int as half_hours,
           (select count(*) from days)::int as days,
           array(select pet_id::text from zones where not known order by 1) as unknown_pet_ids`);
  const [row] = rowsOf<{ inserted: number; unknown_pet_ids: string[] }>(result);
  return { inserted: row?.inserted ?? 0, unknownPetIds: row?.unknown_pet_ids ?? [] };
}

/**
 * Recomputes both rollups (and the coverage bits) from the raw readings: after a bulk load that bypassed `insertReadings`
 * (the demo seed, benchmarks) or when a pet's timezone changed. `petIds` limits it to those pets.
 */
export async function rebuildRollups(
  db: DbOrTx,
  petIds?: readonly string[],
  /** Told after each of the three passes (half-hour rollups, coverage, daily rollups): the first start's progress. */
  onPass: (done: number, total: number) => void = () => {},
): Promise<void> {
  const onlyPets = petIds ? sql`where pet_id = any(${sql.param([...petIds])}::uuid[])` : sql``;
  await db.execute(sql`delete from tracker_rollups_30m ${onlyPets}`);
  await db.execute(sql`delete from tracker_rollups_daily ${onlyPets}`);
  await db.execute(sql`delete from tracker_coverage_days ${onlyPets}`);
  await db.execute(sql`
    insert into tracker_rollups_30m (pet_id, kind, bucket_start, count, sum, min, max)
    select pet_id, kind, date_bin('30 minutes', measured_at, ${BUCKET_ORIGIN}),
           count(*), sum(value::float8), min(value), max(value)
    from tracker_readings ${onlyPets}
    group by 1, 2, 3`);
  onPass(1, 3);
  await db.execute(sql`
    insert into tracker_coverage_days (pet_id, day, half_hours)
    select pet_id, day, bit_or(${halfHourBit})
    from (select pet_id, bucket_start, ${utcDay} as day from tracker_rollups_30m ${onlyPets}) as halves
    group by 1, 2`);
  onPass(2, 3);
  const onlyReadingsOf = petIds ? sql`where r.pet_id = any(${sql.param([...petIds])}::uuid[])` : sql``;
  // Each pet's zone is looked up once, by a join materialised before the aggregate: as a correlated
  // subquery the planner evaluated it once per reading (three times slower on a year of readings).
  await db.execute(sql`
    with zones as materialized (
      select p.id as pet_id, coalesce(u.timezone, 'UTC') as timezone
      from pets p
      left join families f on f.id = p.family_id
      left join users u on u.id = f.owner_user_id
    )
    insert into tracker_rollups_daily (pet_id, kind, local_date, count, sum, min, max)
    select r.pet_id, r.kind, (r.measured_at at time zone z.timezone)::date,
           count(*), sum(r.value::float8), min(r.value), max(r.value)
    from tracker_readings r
    join zones z on z.pet_id = r.pet_id
    ${onlyReadingsOf}
    group by 1, 2, 3`);
  onPass(3, 3);
}
