import type { Species } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { petNamesAndSpecies, targetWeightsOf } from '../../core/pets/index.ts';

// --- rule inputs ---------------------------------------------------------------------------------

export interface RespiratoryBucket {
  petId: string;
  bucketStart: Date;
  average: number;
  count: number;
  species: Species;
  override: { low: number; high: number; highOrange: number; highRed: number } | null;
}

/** The half-hour respiratory averages (after this batch) of the buckets a batch's readings fell in. */
export async function respiratoryBucketsOf(
  tx: DbOrTx,
  readings: ReadonlyArray<{ petId: string; measuredAt: Date }>,
): Promise<RespiratoryBucket[]> {
  if (readings.length === 0) return [];
  const rows = rowsOf<{
    pet_id: string;
    bucket_start: string | Date;
    average: number;
    count: number;
    low: number | null;
    high: number | null;
    high_orange: number | null;
    high_red: number | null;
  }>(
    await tx.execute(sql`
      with touched as (
        select distinct pet_id, date_bin('30 minutes', measured_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start
        from unnest(
          ${sql.param(readings.map((r) => r.petId))}::uuid[],
          ${sql.param(readings.map((r) => r.measuredAt.toISOString()))}::timestamptz[]
        ) as t(pet_id, measured_at)
      )
      select r.pet_id, r.bucket_start, (r.sum / r.count)::float8 as average, r.count,
             th.low, th.high, th.high_orange, th.high_red
      from touched x
      join tracker_rollups_30m r
        on r.pet_id = x.pet_id and r.kind = 'respiratory_rate' and r.bucket_start = x.bucket_start
      left join respiratory_thresholds th on th.pet_id = x.pet_id`),
  );
  const petsById = await petNamesAndSpecies(
    tx,
    rows.map((row) => row.pet_id),
  );
  return rows.flatMap((row) => {
    const pet = petsById.get(row.pet_id);
    return pet ? [{ ...bucketOf(row), species: pet.species }] : [];
  });
}

function bucketOf(row: {
  pet_id: string;
  bucket_start: string | Date;
  average: number;
  count: number;
  low: number | null;
  high: number | null;
  high_orange: number | null;
  high_red: number | null;
}) {
  return {
    petId: row.pet_id,
    bucketStart: new Date(row.bucket_start),
    average: Number(row.average),
    count: Number(row.count),
    override:
      row.low !== null && row.high !== null && row.high_orange !== null && row.high_red !== null
        ? { low: row.low, high: row.high, highOrange: row.high_orange, highRed: row.high_red }
        : null,
  };
}

/** Every respiratory half hour since `since` whose average is outside [low, high] by the pet's thresholds. */
export async function abnormalRespiratoryBucketsSince(
  tx: DbOrTx,
  since: Date,
  defaults: Record<Species, { low: number; high: number }>,
): Promise<RespiratoryBucket[]> {
  const rows = rowsOf<{
    pet_id: string;
    bucket_start: string | Date;
    average: number;
    count: number;
    species: Species;
    low: number | null;
    high: number | null;
    high_orange: number | null;
    high_red: number | null;
  }>(
    await tx.execute(sql`
      select r.pet_id, r.bucket_start, (r.sum / r.count)::float8 as average, r.count, p.species,
             th.low, th.high, th.high_orange, th.high_red
      from tracker_rollups_30m r
      join pets p on p.id = r.pet_id
      left join respiratory_thresholds th on th.pet_id = r.pet_id
      where r.kind = 'respiratory_rate' and r.bucket_start >= ${since.toISOString()}::timestamptz
        and (
          round((r.sum / r.count)::numeric, 1) > coalesce(th.high, case when p.species = 'cat' then ${defaults.cat.high}::real else ${defaults.dog.high}::real end)
          or round((r.sum / r.count)::numeric, 1) < coalesce(th.low, case when p.species = 'cat' then ${defaults.cat.low}::real else ${defaults.dog.low}::real end)
        )
      order by r.pet_id, r.bucket_start`),
  );
  return rows.map((row) => ({
    petId: row.pet_id,
    bucketStart: new Date(row.bucket_start),
    average: Number(row.average),
    count: Number(row.count),
    species: row.species,
    override:
      row.low !== null && row.high !== null && row.high_orange !== null && row.high_red !== null
        ? { low: row.low, high: row.high, highOrange: row.high_orange, highRed: row.high_red }
        : null,
  }));
}

/** Weight entries measured since `since`, each with what the weight rules compare it with. */
export async function weightEntriesWithContextSince(tx: DbOrTx, since: Date) {
  const rows = rowsOf<{
    id: string;
    pet_id: string;
    value_kg: string | number;
    measured_at: string | Date;
    month_id: string | null;
    month_kg: string | number | null;
    month_at: string | Date | null;
    prev_id: string | null;
    prev_kg: string | number | null;
    prev_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select w.id, w.pet_id, w.value_kg, w.measured_at,
             m.id as month_id, m.value_kg as month_kg, m.measured_at as month_at,
             pr.id as prev_id, pr.value_kg as prev_kg, pr.measured_at as prev_at
      from weight_entries w
      left join lateral (
        select id, value_kg, measured_at from weight_entries x
        where x.pet_id = w.pet_id and x.id <> w.id
          and x.measured_at >= w.measured_at - interval '30 days' and x.measured_at < w.measured_at
        order by x.measured_at asc limit 1
      ) m on true
      left join lateral (
        select id, value_kg, measured_at from weight_entries x
        where x.pet_id = w.pet_id and x.id <> w.id and x.measured_at < w.measured_at
        order by x.measured_at desc limit 1
      ) pr on true
      where w.measured_at >= ${since.toISOString()}::timestamptz
      order by w.measured_at`),
  );
  const targets = await targetWeightsOf(
    tx,
    rows.map((row) => row.pet_id),
  );
  const entry = (id: string | null, kg: string | number | null, at: string | Date | null) =>
    id && kg !== null && at !== null ? { id, valueKg: Number(kg), measuredAt: new Date(at) } : null;
  return rows.map((row) => ({
    entry: {
      id: row.id,
      petId: row.pet_id,
      valueKg: Number(row.value_kg),
      measuredAt: new Date(row.measured_at),
    },
    context: {
      targetKg: targets.get(row.pet_id) ?? null,
      monthAgo: entry(row.month_id, row.month_kg, row.month_at),
      previous: entry(row.prev_id, row.prev_kg, row.prev_at),
    } satisfies WeightContext,
  }));
}

export interface WeightContext {
  targetKg: number | null;
  /** The oldest entry of the 30 days before the new one. */
  monthAgo: { id: string; valueKg: number; measuredAt: Date } | null;
  /** The entry just before the new one. */
  previous: { id: string; valueKg: number; measuredAt: Date } | null;
}

export async function weightContextOf(
  tx: DbOrTx,
  petId: string,
  entry: { id: string; measuredAt: Date },
): Promise<WeightContext> {
  const since = new Date(entry.measuredAt.getTime() - 30 * 86_400_000).toISOString();
  const at = entry.measuredAt.toISOString();
  const rows = rowsOf<{
    which: string;
    id: string | null;
    value_kg: string | number | null;
    measured_at: string | Date | null;
  }>(
    await tx.execute(sql`
      (select 'monthAgo' as which, id, value_kg, measured_at from weight_entries
         where pet_id = ${petId} and id <> ${entry.id} and measured_at >= ${since}::timestamptz and measured_at < ${at}::timestamptz
         order by measured_at asc limit 1)
      union all
      (select 'previous', id, value_kg, measured_at from weight_entries
         where pet_id = ${petId} and id <> ${entry.id} and measured_at < ${at}::timestamptz
         order by measured_at desc limit 1)`),
  );
  const entryOf = (which: string) => {
    const row = rows.find((r) => r.which === which);
    return row?.id && row.value_kg !== null && row.measured_at !== null
      ? { id: row.id, valueKg: Number(row.value_kg), measuredAt: new Date(row.measured_at) }
      : null;
  };
  const targets = await targetWeightsOf(tx, [petId]);
  return {
    targetKg: targets.get(petId) ?? null,
    monthAgo: entryOf('monthAgo'),
    previous: entryOf('previous'),
  };
}

/** Pets whose collar sent heart-rate data (only a collar measures it) in the last 30 days. */
export interface CollarCoverage {
  petId: string;
  petName: string;
  hoursWithData: number;
}

/**
 * How many of the `hours` before `now` each collar pet's collar covered. A reading covers its own hour
 * and the `spreadHours - 1` after it: the slowest collars measure every four hours, so a steady v1
 * collar covers the whole window and only a collar that stops sending leaves hours uncovered.
 */
export async function collarCoverage(
  db: DbOrTx,
  now: Date,
  hours: number,
  spreadHours: number,
): Promise<CollarCoverage[]> {
  const end = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const start = new Date(end.getTime() - hours * 3_600_000);
  const lookFrom = new Date(start.getTime() - (spreadHours - 1) * 3_600_000);
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const rows = rowsOf<{ pet_id: string; hours: number }>(
    await db.execute(sql`
      with collar as (
        select distinct pet_id from tracker_rollups_daily
        where kind = 'heart_rate' and local_date >= ${since}::date
      )
      select c.pet_id, coalesce((
        select count(distinct h)::int from (
          select generate_series(b.hour, b.hour + make_interval(hours => ${spreadHours - 1}), interval '1 hour') as h
          from (
            select distinct date_trunc('hour', r.bucket_start) as hour from tracker_rollups_30m r
            where r.pet_id = c.pet_id
              and r.kind in ('heart_rate', 'respiratory_rate', 'shaking', 'drinking')
              and r.bucket_start >= ${lookFrom.toISOString()}::timestamptz
              and r.bucket_start < ${end.toISOString()}::timestamptz
          ) b
        ) s where s.h >= ${start.toISOString()}::timestamptz and s.h < ${end.toISOString()}::timestamptz
      ), 0) as hours
      from collar c`),
  );
  const petsById = await petNamesAndSpecies(
    db,
    rows.map((row) => row.pet_id),
  );
  return rows.flatMap((row) => {
    const pet = petsById.get(row.pet_id);
    return pet ? [{ petId: row.pet_id, petName: pet.name, hoursWithData: Number(row.hours) }] : [];
  });
}
