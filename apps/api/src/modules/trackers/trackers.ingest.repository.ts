import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Which of `petIds` exist, in one query for a whole batch. */
export async function findExistingPetIds(db: DbOrTx, petIds: readonly string[]): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const result = await db.execute(sql`select id from pets where id = any(${sql.param([...petIds])}::uuid[])`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}
