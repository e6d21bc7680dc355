import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { vetInRole } from '../../core/vets/index.ts';
import {
  type NewPreventiveDoseRow,
  type NewPreventiveNotApplicableRow,
  preventiveDoses,
  preventiveNotApplicable,
  preventiveOwnerReminders,
} from './preventive-care.table.ts';

const recorder = vetInRole('recorder');
const marker = vetInRole('marker');

/** `scope` is the access policy's condition on the dose's pet. */
export function listPetDoses(db: DbOrTx, petId: string, scope: SQL | undefined) {
  return recorder
    .join(
      db.select({ dose: preventiveDoses, recordedBy: recorder.fields }).from(preventiveDoses).$dynamic(),
      preventiveDoses.recordedByVetId,
    )
    .where(and(eq(preventiveDoses.petId, petId), scope))
    .orderBy(desc(preventiveDoses.givenOn), desc(preventiveDoses.createdAt), desc(preventiveDoses.id));
}

export type PreventiveDoseDetailsRow = Awaited<ReturnType<typeof listPetDoses>>[number];

export function listPetNotApplicable(db: DbOrTx, petId: string, scope: SQL | undefined) {
  return marker
    .join(
      db
        .select({ mark: preventiveNotApplicable, markedBy: marker.fields })
        .from(preventiveNotApplicable)
        .$dynamic(),
      preventiveNotApplicable.markedByVetId,
    )
    .where(and(eq(preventiveNotApplicable.petId, petId), isNull(preventiveNotApplicable.removedAt), scope));
}

export type PreventiveNotApplicableDetailsRow = Awaited<ReturnType<typeof listPetNotApplicable>>[number];

export async function insertDose(tx: DbOrTx, row: NewPreventiveDoseRow): Promise<void> {
  await tx.insert(preventiveDoses).values(row);
}

/** False when the pet already has a standing mark for the item (the partial unique index decides, so two at once make one). */
export async function insertNotApplicable(tx: DbOrTx, row: NewPreventiveNotApplicableRow): Promise<boolean> {
  const inserted = await tx
    .insert(preventiveNotApplicable)
    .values(row)
    .onConflictDoNothing({
      target: [preventiveNotApplicable.petId, preventiveNotApplicable.itemCode],
      where: sql`${preventiveNotApplicable.removedAt} is null`,
    })
    .returning({ id: preventiveNotApplicable.id });
  return inserted.length > 0;
}

/** The standing mark ends, kept with who removed it and when (the pet's timeline shows it). */
export async function removeStandingNotApplicable(
  tx: DbOrTx,
  petId: string,
  itemCode: string,
  removal: { removedAt: Date; removedByVetId: string | null },
) {
  const [removed] = await tx
    .update(preventiveNotApplicable)
    .set(removal)
    .where(
      and(
        eq(preventiveNotApplicable.petId, petId),
        eq(preventiveNotApplicable.itemCode, itemCode),
        isNull(preventiveNotApplicable.removedAt),
      ),
    )
    .returning();
  return removed;
}

/** The reminder e-mails sent to the pet's owner, newest first. */
export function listPetOwnerReminders(db: DbOrTx, petId: string, scope: SQL | undefined) {
  return db
    .select()
    .from(preventiveOwnerReminders)
    .where(and(eq(preventiveOwnerReminders.petId, petId), scope))
    .orderBy(desc(preventiveOwnerReminders.sentAt), desc(preventiveOwnerReminders.id));
}
