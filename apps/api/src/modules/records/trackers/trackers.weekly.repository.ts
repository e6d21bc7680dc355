import type { ReadingKind } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

export interface PetDayRollupRow {
  petId: string;
  kind: ReadingKind;
  day: string;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** The daily rollups of some pets over local dates [from, to). */
export async function dailyRollupsOfPets(
  db: DbOrTx,
  petIds: readonly string[],
  from: string,
  to: string,
): Promise<PetDayRollupRow[]> {
  const result = await db.execute(sql`
    select pet_id as "petId", kind::text as kind, local_date::text as day, count,
           sum::float8 as sum, min::float8 as min, max::float8 as max
    from tracker_rollups_daily
    where pet_id = any(${sql.param([...petIds])}::uuid[])
      and local_date >= ${from}::date and local_date < ${to}::date`);
  return rowsOf<PetDayRollupRow>(result);
}

/**
 * Pets with readings (collar or app) on a local day of [from, to), or a weighing in [start, end):
 * those someone is watching, so those a weekly report is about. Ordered by id, so a page is stable.
 */
export async function petsWithDataBetween(
  db: DbOrTx,
  range: { from: string; to: string; start: Date; end: Date },
): Promise<string[]> {
  const result = await db.execute(sql`
    select pet_id as "petId" from tracker_rollups_daily
      where local_date >= ${range.from}::date and local_date < ${range.to}::date
    union
    select pet_id from weight_entries
      where measured_at >= ${range.start.toISOString()}::timestamptz
        and measured_at < ${range.end.toISOString()}::timestamptz
    order by 1`);
  return rowsOf<{ petId: string }>(result).map((row) => row.petId);
}

export interface PetWeightsRow {
  petId: string;
  latestKg: number | null;
  previousKg: number | null;
  targetKg: number | null;
}

/** Each pet's latest weighing before `end`, its latest before `start`, and its target weight. */
export async function weightsOfPets(
  db: DbOrTx,
  petIds: readonly string[],
  start: Date,
  end: Date,
): Promise<PetWeightsRow[]> {
  const latestBefore = (at: Date) => sql`(select w.value_kg::float8 from weight_entries w
      where w.pet_id = p.id and w.measured_at < ${at.toISOString()}::timestamptz
      order by w.measured_at desc limit 1)`;
  const result = await db.execute(sql`
    select p.id as "petId", ${latestBefore(end)} as "latestKg", ${latestBefore(start)} as "previousKg",
           (select h.target_weight_kg::float8 from pet_health_profiles h where h.pet_id = p.id) as "targetKg"
    from unnest(${sql.param([...petIds])}::uuid[]) as p(id)`);
  return rowsOf<PetWeightsRow>(result);
}
