import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

/** Which of `petIds` exist, in one query for a whole batch. */
export async function findExistingPetIds(db: DbOrTx, petIds: readonly string[]): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const result = await db.execute(sql`select id from pets where id = any(${sql.param([...petIds])}::uuid[])`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/**
 * Positions (0-based, in `readings`) of readings whose id is already stored with other content (pet,
 * kind, value as float4, time or source): a reused id, not a retry.
 */
export async function findConflictingReadings(
  db: DbOrTx,
  readings: readonly {
    id: string;
    petId: string;
    kind: string;
    value: number;
    measuredAt: Date;
    source: string;
  }[],
): Promise<number[]> {
  if (readings.length === 0) return [];
  const result = await db.execute(sql`
    select i.ord::int - 1 as position
    from unnest(
      ${sql.param(readings.map((r) => r.id))}::uuid[],
      ${sql.param(readings.map((r) => r.petId))}::uuid[],
      ${sql.param(readings.map((r) => r.kind))}::text[],
      ${sql.param(readings.map((r) => r.value))}::real[],
      ${sql.param(readings.map((r) => r.measuredAt.toISOString()))}::timestamptz[],
      ${sql.param(readings.map((r) => r.source))}::text[]
    ) with ordinality as i(id, pet_id, kind, value, measured_at, source, ord)
    join tracker_readings r on r.id = i.id
    where (r.pet_id, r.kind::text, r.value, r.measured_at, r.source::text)
      is distinct from (i.pet_id, i.kind, i.value, i.measured_at, i.source)
    order by 1`);
  return rowsOf<{ position: number }>(result).map((row) => row.position);
}
