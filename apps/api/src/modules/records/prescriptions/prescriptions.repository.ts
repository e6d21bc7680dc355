import { and, desc, eq, gte, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { type NewPrescriptionRow, type PrescriptionRow, prescriptions } from './prescriptions.table.ts';

const prescriber = vetInRole('prescriber');
const stopper = vetInRole('stopper');
const changer = vetInRole('changer');

function selectPrescriptions(db: DbOrTx) {
  const query = db
    .select({
      prescription: prescriptions,
      prescribedBy: prescriber.fields,
      stoppedBy: stopper.fields,
      changedBy: changer.fields,
    })
    .from(prescriptions)
    .$dynamic();
  return changer.join(
    stopper.join(prescriber.join(query, prescriptions.prescribedByVetId), prescriptions.stoppedByVetId),
    prescriptions.changedByVetId,
  );
}

export type PrescriptionDetailsRow = Awaited<ReturnType<typeof selectPrescriptions>>[number];

/** `scope` is the access policy's condition on the prescription's pet. */
export function listPetPrescriptions(
  db: DbOrTx,
  petId: string,
  scope: SQL | undefined,
): Promise<PrescriptionDetailsRow[]> {
  return selectPrescriptions(db)
    .where(and(eq(prescriptions.petId, petId), scope))
    .orderBy(desc(prescriptions.startOn), desc(prescriptions.createdAt), desc(prescriptions.id));
}

export async function findPrescription(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectPrescriptions(db)
    .where(and(eq(prescriptions.id, id), scope))
    .limit(1);
  return row;
}

export async function lockPrescription(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<PrescriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(prescriptions)
    .where(and(eq(prescriptions.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

/** The pet's prescriptions still running on `today` (ISO day): active, with no end or an end not passed. */
export function runningPrescriptionsOfPet(tx: DbOrTx, petId: string, today: string) {
  return tx
    .select({ id: prescriptions.id, drugCode: prescriptions.drugCode, drugName: prescriptions.drugName })
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.petId, petId),
        eq(prescriptions.status, 'active'),
        or(isNull(prescriptions.endOn), gte(prescriptions.endOn, today)),
      ),
    );
}

export async function insertPrescription(tx: DbOrTx, row: NewPrescriptionRow): Promise<void> {
  await tx.insert(prescriptions).values(row);
}

export async function updatePrescription(tx: DbOrTx, id: string, changes: Partial<NewPrescriptionRow>) {
  await tx.update(prescriptions).set(changes).where(eq(prescriptions.id, id));
}

/** One pet's prescriptions by when they were written: the timeline's "started" page. */
export function startedPrescriptionTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: prescriptions.id,
      at: timelineAt(prescriptions.createdAt),
      drugName: prescriptions.drugName,
      amountText: prescriptions.amountText,
    })
    .from(prescriptions)
    .where(
      timelineWhere(
        'prescription.started',
        prescriptions.createdAt,
        prescriptions.id,
        read,
        eq(prescriptions.petId, read.petId),
        // A later version is the change that made it, on the timeline as "changed".
        isNull(prescriptions.previousVersionId),
      ),
    )
    .orderBy(...timelineOrder(prescriptions.createdAt, prescriptions.id))
    .limit(read.limit);
}

/** One pet's changed prescriptions by when they were changed, with the version that replaced them. */
export function changedPrescriptionTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: prescriptions.id,
      at: timelineAt(prescriptions.changedAt),
      drugName: prescriptions.drugName,
      changeReason: prescriptions.changeReason,
    })
    .from(prescriptions)
    .where(
      timelineWhere(
        'prescription.changed',
        prescriptions.changedAt,
        prescriptions.id,
        read,
        eq(prescriptions.petId, read.petId),
      ),
    )
    .orderBy(...timelineOrder(prescriptions.changedAt, prescriptions.id))
    .limit(read.limit);
}

/** One pet's stopped prescriptions by when they were stopped: the timeline's "stopped" page. */
export function stoppedPrescriptionTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: prescriptions.id,
      at: timelineAt(prescriptions.stoppedAt),
      drugName: prescriptions.drugName,
      stopReason: prescriptions.stopReason,
    })
    .from(prescriptions)
    .where(
      timelineWhere(
        'prescription.stopped',
        prescriptions.stoppedAt,
        prescriptions.id,
        read,
        eq(prescriptions.petId, read.petId),
      ),
    )
    .orderBy(...timelineOrder(prescriptions.stoppedAt, prescriptions.id))
    .limit(read.limit);
}

/** A pet's prescriptions as the treatment responses need them: when each began, changed and ended. */
export function treatmentRowsOfPet(db: DbOrTx, petId: string, scope: SQL | undefined) {
  return db
    .select({
      id: prescriptions.id,
      drugName: prescriptions.drugName,
      startOn: prescriptions.startOn,
      endOn: prescriptions.endOn,
      status: prescriptions.status,
      stoppedAt: prescriptions.stoppedAt,
      previousVersionId: prescriptions.previousVersionId,
    })
    .from(prescriptions)
    .where(and(eq(prescriptions.petId, petId), scope));
}

export type TreatmentRow = Awaited<ReturnType<typeof treatmentRowsOfPet>>[number];
