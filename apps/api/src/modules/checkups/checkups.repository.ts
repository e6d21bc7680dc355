import { type AnyColumn, and, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pets } from '../../db/schema.ts';
import { checkups, type NewCheckupRow } from './checkups.table.ts';

/** The ids among `petIds` that exist within `scope` (the access policy's condition on a pet id column). */
export async function petIdsInScope(
  db: DbOrTx,
  petIds: string[],
  scope: (petId: AnyColumn) => SQL | undefined,
): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(inArray(pets.id, petIds), scope(pets.id)));
  return new Set(rows.map((row) => row.id));
}

export async function insertCheckups(tx: DbOrTx, rows: NewCheckupRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(checkups).values(rows);
}
