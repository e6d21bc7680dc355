import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

/** A checkup's count of problematic answers (null for no such checkup): the detail of its pending-card trigger. */
export async function checkupProblematicCount(db: DbOrTx, checkupId: string): Promise<number | null> {
  const [row] = rowsOf<{ problematic_count: number }>(
    await db.execute(sql`select problematic_count from checkups where id = ${checkupId}::uuid`),
  );
  return row ? Number(row.problematic_count) : null;
}

/** The checkups answered since `since` with a problematic answer, oldest answer first. */
export async function problematicCheckupsAnsweredSince(
  db: DbOrTx,
  since: Date,
): Promise<Array<{ id: string; petId: string; answeredAt: Date }>> {
  const rows = rowsOf<{ id: string; pet_id: string; answered_at: string | Date }>(
    await db.execute(sql`
      select id::text as id, pet_id, answered_at from checkups
      where problematic and answered_at >= ${since.toISOString()}::timestamptz
      order by answered_at, id::text`),
  );
  return rows.map((row) => ({ id: row.id, petId: row.pet_id, answeredAt: new Date(row.answered_at) }));
}

/** The answered checkups of `ids` not reviewed yet: what their pending-card triggers wait for. */
export async function checkupsAwaitingReview(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, 'awaiting_review'>> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id::text as id from checkups
      where id = any(${sql.param([...ids])}::uuid[]) and status = 'answered'`),
  );
  return new Map(rows.map((row) => [row.id, 'awaiting_review' as const]));
}
