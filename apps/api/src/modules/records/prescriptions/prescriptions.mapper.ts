import {
  isoToCalendarDate,
  type Prescription,
  type PrescriptionStatus,
  toTimestamp,
} from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type { PrescriptionDetailsRow } from './prescriptions.repository.ts';
import type { PrescriptionRow } from './prescriptions.table.ts';

/**
 * An active prescription whose last day is before `today` (ISO day, UTC) has run its course: completed.
 * Computed on read, so no job has to flip it at midnight for the list and the checks to agree.
 */
export function statusOf(row: Pick<PrescriptionRow, 'status' | 'endOn'>, today: string): PrescriptionStatus {
  if (row.status === 'active' && row.endOn !== null && row.endOn < today) return 'completed';
  return row.status;
}

export function toPrescriptionDto(row: PrescriptionDetailsRow, today: string): Prescription {
  const { prescription: p } = row;
  return {
    uuid: p.id,
    petUuid: p.petId,
    drug: { code: p.drugCode, name: p.drugName },
    strength: { id: p.strengthId, label: p.strengthLabel, unit: p.strengthUnit, mgPerUnit: p.mgPerUnit },
    doseMgPerKg: p.doseMgPerKg,
    weightKg: p.weightKg,
    weightMeasuredAt: toTimestamp(p.weightMeasuredAt),
    mgPerDose: p.mgPerDose,
    unitsPerDose: p.unitsPerDose,
    amountText: p.amountText,
    frequency: p.frequency,
    route: p.route,
    startOn: isoToCalendarDate(p.startOn),
    endOn: p.endOn ? isoToCalendarDate(p.endOn) : null,
    instructions: p.instructions,
    reason: p.reason,
    confirmedWarnings: p.confirmedWarnings,
    confirmationReason: p.confirmationReason,
    status: statusOf(p, today),
    prescribedBy: personRef(row.prescribedBy),
    createdAt: toTimestamp(p.createdAt),
    stoppedAt: p.stoppedAt ? toTimestamp(p.stoppedAt) : null,
    stoppedBy: personRef(row.stoppedBy),
    stopReason: p.stopReason,
    previousVersionUuid: p.previousVersionId,
    changedAt: p.changedAt ? toTimestamp(p.changedAt) : null,
    changedBy: personRef(row.changedBy),
    changeReason: p.changeReason,
  };
}
