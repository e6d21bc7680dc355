import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  type NewPreventiveDueItemRow,
  preventiveDoses,
  preventiveDueItems,
  preventiveNotApplicable,
} from './preventive-care.table.ts';

/** The doses of some pets: what their schedules count. */
export function listDosesOfPets(db: DbOrTx, petIds: readonly string[]) {
  return db
    .select({
      petId: preventiveDoses.petId,
      itemCode: preventiveDoses.itemCode,
      givenOn: preventiveDoses.givenOn,
    })
    .from(preventiveDoses)
    .where(inArray(preventiveDoses.petId, [...petIds]));
}

/** The standing not-applicable marks of some pets. */
export function listMarksOfPets(db: DbOrTx, petIds: readonly string[]) {
  return db
    .select({ petId: preventiveNotApplicable.petId, itemCode: preventiveNotApplicable.itemCode })
    .from(preventiveNotApplicable)
    .where(
      and(inArray(preventiveNotApplicable.petId, [...petIds]), isNull(preventiveNotApplicable.removedAt)),
    );
}

/**
 * Every rewrite of stored due days waits for the one under way (a transaction-level advisory lock):
 * two instances' daily jobs, or a job and a dose, would otherwise delete the same rows and insert twice.
 */
export async function lockDueItems(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('preventive_due_items'))`);
}

/** The pets' stored due days become `rows`: two statements whatever the number of pets. */
export async function replaceDueItems(
  tx: DbOrTx,
  petIds: readonly string[],
  rows: NewPreventiveDueItemRow[],
): Promise<void> {
  if (petIds.length === 0) return;
  await tx.delete(preventiveDueItems).where(inArray(preventiveDueItems.petId, [...petIds]));
  if (rows.length > 0) await tx.insert(preventiveDueItems).values(rows);
}
